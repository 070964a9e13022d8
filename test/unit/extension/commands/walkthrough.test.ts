/**
 * The walkthrough's steps against the command table: a step whose description runs a command is
 * ticked from every place that command is run from (palette, view title, row), since VS Code's
 * completion events name command ids and each place has its own (`src/extension/commands/idsAndContextKeys.ts`).
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from '../../../../src/extension/commands/idsAndContextKeys';

interface Step {
  id: string;
  description: string;
  completionEvents: string[];
}

const root = join(__dirname, '..', '..', '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: { walkthroughs: { steps: Step[] }[] };
};
/** A step's description is a `%key%` of package.nls.json: its English words. */
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const english = (text: string) => text.replace(/^%([\w.-]+)%$/, (_, key: string) => nls[key] ?? text);
const steps = manifest.contributes.walkthroughs.flatMap((w) => w.steps.map((s) => ({ ...s, description: english(s.description) })));
const ids: string[] = Object.values(Command);

/** Every id the action `name` is run by: the plain one and each place's (`jsonbin.row.<name>`, …). */
const placesOf = (name: string) => ids.filter((id) => id === `jsonbin.${name}` || new RegExp(`^jsonbin\\.(row|view|tab|explorer)\\.${name}$`).test(id));

describe('the walkthrough against the command table', () => {
  it('has steps that run commands of the table', () => {
    const run = steps.flatMap((s) => [...s.description.matchAll(/\(command:(jsonbin\.[\w.]+)\)/g)].map((m) => m[1]));
    assert.ok(run.length >= 3, `steps running a command: ${run.join(', ')}`);
    for (const id of run) {
      assert.ok(ids.includes(id), `${id} is not in the command table`);
    }
  });

  for (const step of steps) {
    const [, name] = /\(command:jsonbin\.(\w+)\)/.exec(step.description) ?? [];
    if (!name) {
      continue;
    }
    it(`ticks "${step.id}" from every place ${name} is run from`, () => {
      const places = placesOf(name);
      assert.ok(places.length > 0);
      for (const id of places) {
        assert.ok(step.completionEvents.includes(`onCommand:${id}`), `${step.id} is not ticked by ${id}: ${step.completionEvents.join(', ')}`);
      }
    });
  }
});

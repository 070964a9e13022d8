/** Entry point that VS Code calls to run the integration suite inside its extension host. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import Mocha from 'mocha';

/** The runner shows only lines with this prefix among everything the workbench logs. */
const SUITE_MARK = '[suite] ';

export async function run(): Promise<void> {
  Mocha.reporters.Base.consoleLog = (...args: unknown[]) => console.log(SUITE_MARK + format(...args));
  // JSONBIN_GREP runs the matching tests only, when working on them.
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30_000, reporter: 'spec', grep: process.env.JSONBIN_GREP });
  // The pseudo-language's part runs alone, in a VS Code started in it (the runner's --pseudo-locale).
  const pseudoLocale = Boolean(process.env.JSONBIN_PSEUDO_LOCALE);
  for (const file of readdirSync(__dirname, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.test.js') && /(^|\/)pseudoLocale[^/]*\.test\.js$/.test(file) === pseudoLocale) {
      mocha.addFile(join(__dirname, file));
    }
  }
  const runner = await new Promise<Mocha.Runner>((resolve) => {
    const r = mocha.run(() => resolve(r));
    // Shown as it happens: a run that hits the time limit still says what failed.
    r.on('fail', (test, error: Error) => console.log(`${SUITE_MARK}FAILED ${test.fullTitle()}: ${error.message.split('\n')[0]}`));
  });
  const { passes, failures } = runner.stats!;
  console.log(`${SUITE_MARK}integration: ${passes} passed, ${failures} failed`);
  if (failures > 0 || passes === 0) {
    throw new Error(`${failures} integration tests failed, ${passes} passed`);
  }
}

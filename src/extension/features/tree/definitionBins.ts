/**
 * Which of an account's bins hold a structured-output definition, learned from the records the
 * store read or wrote (its events, whoever sent the request): a row is marked with no request of
 * its own, and only once its record is known.
 */
import * as vscode from 'vscode';
import { recordText } from '../../../core/api/record';
import { settings } from '../../config';
import type { BinStore } from '../../../core/store/binStore';
import type { Definition, Provider } from '../../../core/schema/definitions/api';
import { checkDefinition } from '../../../core/schema/definitions/check';
import { PROVIDER_NAMES } from '../../../core/schema/definitions/api';
import { definitionInText } from '../../../core/schema/definitions/inText';

/** What a bin row says of the definition its record holds. */
export interface DefinitionMark {
  name: string;
  /** Each provider checked (the setting's), with its problems' count. */
  problems: { provider: Provider; count: number }[];
}

const decoder = new TextDecoder();

export class DefinitionBins implements vscode.Disposable {
  private readonly definitions = new Map<string, Definition>();
  /** The marks as the settings make them, until the settings or a record change. */
  private readonly marks = new Map<string, DefinitionMark>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: { dispose(): void }[];

  constructor(bins: Pick<BinStore, 'onDidReadRecord' | 'onDidStoreRecord' | 'onDidChangeBins'>) {
    this.subscriptions = [
      this.changed,
      bins.onDidReadRecord(({ id, bytes }) => this.learn(id, decoder.decode(bytes))),
      bins.onDidStoreRecord(({ id, text }) => this.learn(id, text)),
      bins.onDidChangeBins((changes) => {
        for (const change of changes) {
          if (change.kind === 'created') {
            this.learn(change.bin.id, recordText(change.record));
          } else if (change.kind === 'deleted') {
            this.learn(change.id, '');
          }
        }
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('jsonbin.structuredOutputs') && this.definitions.size > 0) {
          this.marks.clear();
          this.changed.fire();
        }
      }),
    ];
  }

  /** The mark of a bin's row: undefined when its record is not known, is no definition, or recognition is off. */
  mark(id: string): DefinitionMark | undefined {
    const definition = this.definitions.get(id);
    if (!definition || !settings.definitions()) {
      return undefined;
    }
    let mark = this.marks.get(id);
    if (!mark) {
      const problems = checkDefinition(definition, settings.definitionProviders(), settings.definitionLimits());
      mark = {
        name: definition.name,
        problems: settings.definitionProviders().map((provider) => ({ provider, count: problems.filter((p) => p.provider === provider).length })),
      };
      this.marks.set(id, mark);
    }
    return mark;
  }

  /** The bins known to hold a definition, with its name (none while recognition is off): no request. */
  known(): { id: string; name: string }[] {
    return settings.definitions() ? [...this.definitions].map(([id, definition]) => ({ id, name: definition.name })) : [];
  }

  private learn(id: string, text: string): void {
    const definition = definitionInText(text);
    const was = this.definitions.has(id);
    this.marks.delete(id);
    if (definition) {
      this.definitions.set(id, definition);
    } else {
      this.definitions.delete(id);
    }
    if (definition || was) {
      this.changed.fire();
    }
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
  }
}

/** A row's description and tooltip line for its definition, in the user's language. */
export function describeMark(mark: DefinitionMark): { description: string; tooltip: string } {
  const total = mark.problems.reduce((sum, p) => sum + p.count, 0);
  const description =
    total === 0
      ? vscode.l10n.t('output definition')
      : total === 1
        ? vscode.l10n.t('output definition · 1 problem')
        : vscode.l10n.t('output definition · {0} problems', total);
  const lines = mark.problems.map(({ provider, count }) =>
    count === 0
      ? vscode.l10n.t('{0} strict mode: accepted', PROVIDER_NAMES[provider])
      : count === 1
        ? vscode.l10n.t('{0} strict mode: 1 problem', PROVIDER_NAMES[provider])
        : vscode.l10n.t('{0} strict mode: {1} problems', PROVIDER_NAMES[provider], count),
  );
  return { description, tooltip: [vscode.l10n.t('Structured-output definition: {0}', mark.name), ...lines].join('\n') };
}

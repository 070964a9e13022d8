/** Whole sentences one after another. No `vscode` import: plain-Node modules join sentences too (through `@vscode/l10n`). */
import * as l10n from '@vscode/l10n';

/** The sentences as the language writes them in a row: with a space, or none. */
export function sentences(first: string, ...more: string[]): string {
  return more.reduce((text, next) => l10n.t({ message: '{0} {1}', args: [text, next], comment: ['A sentence, then the next one'] }), first);
}

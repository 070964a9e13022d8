/** Whole sentences one after another. No `vscode` import: plain-Node modules join sentences too (through `@vscode/l10n`). */
import * as l10n from '@vscode/l10n';

/** The sentences as the language writes them in a row: with a space, or none. */
export function sentences(first: string, ...more: string[]): string {
  return more.reduce((text, next) => l10n.t({ message: '{0} {1}', args: [text, next], comment: ['A sentence, then the next one'] }), first);
}

/** A bin as a person is told of it: by its name, quoted, when it has one known; else by its id. */
export function binCalled(name: string | undefined, id: string): string {
  return name ? l10n.t({ message: '"{0}"', args: [name], comment: ["A bin's name, quoted as the language quotes a name"] }) : id;
}

/**
 * The language's messages: VS Code hands the extension its bundle (`vscode.l10n.bundle`, from
 * l10n/bundle.l10n.<language>.json) at activation, and the core's words (`l10n.t`) are looked up
 * in it. The validation worker gets the same messages (see `Validation`), so that the problems it
 * words are in the user's language too. No bundle (English): every message is its own key.
 */
import * as l10n from '@vscode/l10n';

export type Messages = Record<string, string>;

let loaded: Messages | undefined;

export function useMessages(messages: Messages | undefined): void {
  if (messages) {
    l10n.config({ contents: messages });
    loaded = messages;
  }
}

/** The messages in use, undefined when the words are the source's own (English). */
export function messagesInUse(): Messages | undefined {
  return loaded;
}

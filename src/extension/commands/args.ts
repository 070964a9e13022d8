/** What commands make of what the user typed: bin references, and dismissed prompts. */
import * as vscode from 'vscode';
import { checkId, ID_PATTERN } from '../../core/api';

/** Thrown when the user dismisses a prompt or cancels work: the command ends quietly (a programmatic call rejects with the message). */
export class Cancelled extends Error {
  constructor(message = vscode.l10n.t('Cancelled')) {
    super(message);
  }
}

export function cancelIfUndefined<T>(value: T | undefined): T {
  if (value === undefined) {
    throw new Cancelled();
  }
  return value;
}

const DASHBOARD_LINK = new RegExp(`^https?://(?:www\\.)?jsonbin\\.io/app/bins/(${ID_PATTERN})/?(?:[?#].*)?$`, 'i');
const API_LINK = new RegExp(`^https?://[^/]+/v3/b/(${ID_PATTERN})(?:/latest)?/?$`, 'i');

/** A bin id from an id, a dashboard link or an API address. */
export function parseBinReference(text: string): string {
  const trimmed = text.trim();
  const link = DASHBOARD_LINK.exec(trimmed) ?? API_LINK.exec(trimmed);
  // "Bin Id" as the service names it, untranslated like the core's own checks of ids.
  return checkId(link ? link[1] : trimmed, 'Bin Id');
}

/** Arguments of commands: from the palette (none), from the tree (a node) or programmatic. */
import { checkId } from '../api';
import { BinNode, isNode } from '../tree/nodes';

/** Thrown when the user dismisses a prompt: the command ends quietly. */
export class Cancelled extends Error {
  constructor() {
    super('Cancelled');
  }
}

export function cancelIfUndefined<T>(value: T | undefined): T {
  if (value === undefined) {
    throw new Cancelled();
  }
  return value;
}

/** A programmatic call rejects with the service's message instead of showing a notification. */
export function isProgrammatic(args: unknown[]): boolean {
  return args.length > 0 && args[0] !== undefined && !isNode(args[0]);
}

const DASHBOARD_LINK = /^https?:\/\/(?:www\.)?jsonbin\.io\/app\/bins\/([A-Za-z0-9_-]+)\/?(?:[?#].*)?$/i;
const API_LINK = /^https?:\/\/[^/]+\/v3\/b\/([A-Za-z0-9_-]+)(?:\/latest)?\/?$/i;

/** A bin id from an id, a dashboard link or an API address. */
export function parseBinReference(text: string): string {
  const trimmed = text.trim();
  const link = DASHBOARD_LINK.exec(trimmed) ?? API_LINK.exec(trimmed);
  return checkId(link ? link[1] : trimmed, 'Bin Id');
}

export function binIdOf(arg: unknown): string {
  if (arg instanceof BinNode) {
    return arg.id;
  }
  if (typeof arg === 'string') {
    return parseBinReference(arg);
  }
  throw new Error('Expected a bin id or a bin in the JSONBin view');
}

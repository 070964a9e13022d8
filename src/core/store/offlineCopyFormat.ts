/**
 * How offline copies are named and written (see offlineCopyFiles.ts): a copy's file name and its
 * owner are hashes, never a bin id or a service URL in clear; a copy's first line is what is known
 * of it, the rest the record's bytes; the index is a list of file and owner.
 */
import { host } from '../../platform';

export const SUFFIX = '.copy';
const NEWLINE = 0x0a;

/** Names a copy without the bin id in clear. */
export function fileOf(scope: string, binId: string): string {
  return sha256Hex(`${scope}\n${binId}`).slice(0, 40) + SUFFIX;
}

/** Whose a copy is, without the scope (a service URL) in clear. */
export function ownerOf(scope: string): string {
  return sha256Hex(scope).slice(0, 16);
}

/** In hex: file names stay apart on a file system that ignores case. */
function sha256Hex(text: string): string {
  return hex(Uint8Array.from(atob(host.sha256(encode(text))), (c) => c.charCodeAt(0)));
}

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function encode(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

export function parse(content: Uint8Array): { head: { owner?: string; name?: string; keptAt: number }; bytes: Uint8Array } | undefined {
  const end = content.indexOf(NEWLINE);
  const head = (end < 0 ? undefined : parseJson(content.subarray(0, end))) as { owner?: unknown; name?: unknown; keptAt?: unknown } | null | undefined;
  if (typeof head?.keptAt !== 'number') {
    return undefined;
  }
  return {
    head: { owner: stringOr(head.owner), name: stringOr(head.name), keptAt: head.keptAt },
    // In a buffer of its own, which holds the record alone.
    bytes: new Uint8Array(content.subarray(end + 1)),
  };
}

/** The index's pairs of file and owner, in order; a broken index orders nothing. */
export function parseIndex(content: Uint8Array): Map<string, string> {
  const order = parseJson(content);
  return new Map(Array.isArray(order) ? order.filter(isPair) : []);
}

function isPair(entry: unknown): entry is [string, string] {
  return Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string';
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

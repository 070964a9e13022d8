/** Checks that cost no request: each refuses input the service would refuse anyway. */
import * as l10n from '@vscode/l10n';
import { BinServiceError } from './errors';
import { RecordText } from './record';
import type { Plan } from './json';
import { DEFAULT_MAX_ANSWER_BYTES, HOSTED_API_URL, ID_PATTERN, normalizeBaseUrl } from './serviceFacts';

export { DEFAULT_MAX_ANSWER_BYTES, HOSTED_API_URL, ID_PATTERN, normalizeBaseUrl };

/** A KB here is 1,024 bytes of the UTF-8 JSON body as sent; an MB is 1,024 KB. */
export const KB = 1024;
export const SIZE_LIMITS: Record<Plan, number> = { free: 500 * KB, paid: 1024 * KB };
export const MAX_BIN_NAME = 128;
/** Collection, schema doc and access key names, per the public API documentation. */
export const MAX_SHORT_NAME = 32;

const PLAIN_ID = new RegExp(`^${ID_PATTERN}$`);

/** An id is a path segment: anything but a plain identifier never reaches the network. */
export function checkId(id: unknown, what: string): string {
  if (typeof id !== 'string' || !PLAIN_ID.test(id)) {
    throw new BinServiceError('invalidInput', l10n.t("Invalid {0} provided: an id is letters, digits, '-' or '_'", what));
  }
  return id;
}

/** Counts characters as the user sees them (code points), not UTF-16 units. */
export function nameProblem(name: string, max: number, what: string): string | undefined {
  const length = [...name].length;
  if (length < 1 || name.trim().length === 0) {
    return l10n.t('{0} cannot be blank', what);
  }
  if (length > max) {
    return l10n.t('{0} cannot be over {1} characters (it has {2})', what, max, length);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) {
    return l10n.t('{0} cannot contain line breaks or control characters', what);
  }
  // A header carries Latin-1 only; the service defines no encoding for other characters.
  const foreign = [...name].find((c) => c.codePointAt(0)! > 0xff);
  if (foreign) {
    return l10n.t('{0} can hold only Latin-1 characters (letters such as é or ß), because it is sent as an HTTP header: "{1}" is not one', what, foreign);
  }
  return undefined;
}

export function checkName(name: string, max: number, what: string): string {
  const problem = nameProblem(name, max, what);
  if (problem) {
    throw new BinServiceError('invalidInput', problem);
  }
  return name;
}

export function isBlank(record: unknown): boolean {
  if (record === undefined || record === null || record === '') {
    return true;
  }
  if (Array.isArray(record)) {
    return record.length === 0;
  }
  return typeof record === 'object' && Object.keys(record).length === 0;
}

/** Counts the bytes sent the same way on every host. */
const utf8 = new TextEncoder();

/** The body to send: the user's own text, or a value serialized once; the same bytes are measured and sent. */
export function recordBody(record: unknown, plan: Plan, blankMessage = l10n.t('Bin cannot be blank')): string {
  const value = record instanceof RecordText ? record.value : record;
  if (isBlank(value)) {
    throw new BinServiceError('invalidInput', blankMessage);
  }
  const body = record instanceof RecordText ? record.text : JSON.stringify(record);
  // A UTF-16 code unit takes at most 3 bytes in UTF-8: most records are counted without encoding them.
  const bytes = body.length * 3 <= SIZE_LIMITS[plan] ? 0 : utf8.encode(body).byteLength;
  if (bytes > SIZE_LIMITS[plan]) {
    const limit = plan === 'free' ? '500 KB' : '1 MB';
    throw new BinServiceError(
      'tooLarge',
      l10n.t("The record is {0} as written (spaces and line breaks count), over the {1} plan's limit of {2}", formatSize(bytes), plan, limit),
    );
  }
  return body;
}

export function formatSize(bytes: number): string {
  return bytes < KB ? l10n.t('{0} bytes', bytes) : l10n.t('{0} KB', (bytes / KB).toFixed(1));
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** Refuses what would be dropped or altered silently: a query, a fragment, a user name or password. */
export function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(normalizeBaseUrl(baseUrl));
  } catch {
    throw new BinServiceError('invalidInput', l10n.t('The service URL is not a valid URL: {0}', baseUrl));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new BinServiceError('invalidInput', l10n.t('The service URL must start with https:// (or http:// for this machine), not {0}', url.protocol));
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new BinServiceError(
      'invalidInput',
      l10n.t('The service URL cannot carry a query, a fragment or a user name: set it to the service root, such as {0}', HOSTED_API_URL),
    );
  }
  return url;
}

/**
 * Whether requests to `url` skip the proxy: loopback always (a proxy there would see the key in
 * clear over http), and the hosts of VS Code's `http.noProxy` (`host` and its subdomains,
 * `host:port`, `.domain`, `*.domain`, `*`).
 */
export function goesDirect(url: URL, noProxy: readonly string[]): boolean {
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (isLoopback(url.hostname)) {
    return true;
  }
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return noProxy.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry === '*') {
      return true;
    }
    // `[v6]:port`, a bare IPv6 address (more than one colon: no port), or `host[:port]`.
    const parts = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry) ?? (entry.split(':').length > 2 ? [entry, entry] : /^([^:]+)(?::(\d+))?$/.exec(entry));
    if (!parts) {
      return false;
    }
    const [, pattern, onlyPort] = parts;
    if (onlyPort && onlyPort !== port) {
      return false;
    }
    const domain = pattern.replace(/^\*?\./, '').replace(/\.$/, '');
    return host === domain || host.endsWith(`.${domain}`);
  });
}

/** The key goes over plain http only to this machine. */
export function checkKeyTransport(url: URL): void {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    throw new BinServiceError('invalidInput', l10n.t('Refusing to send the key to {0}: use https, or plain http only to a loopback address', url.origin));
  }
}

/** A version number as the service counts them: 0 is the base record. */
export function checkVersion(version: number): number {
  if (!Number.isInteger(version) || version < 0) {
    throw new BinServiceError('invalidInput', l10n.t('A version is a whole number from 0, the base record (got {0})', version));
  }
  return version;
}

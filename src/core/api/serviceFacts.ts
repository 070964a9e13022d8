/**
 * What the settings, the Uris and the context keys know of the service, apart from the checks
 * (checks.ts, which exports these too) so that activation loads none of the checks' messages.
 */

/** The hosted service: the default, and the only one whose bins the jsonbin.io dashboard shows. */
export const HOSTED_API_URL = 'https://api.jsonbin.io/v3';

/** The service URL as configured, without trailing slashes: the one normal form, also the key's slot. */
export function normalizeBaseUrl(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '');
}

export function isHostedService(baseUrl: string): boolean {
  return normalizeBaseUrl(baseUrl) === HOSTED_API_URL;
}

/** What an id of a bin, collection or schema doc may be: a plain path segment. */
export const ID_PATTERN = '[A-Za-z0-9_-]{1,64}';

/** Well above the largest record a plan allows (1 MB, 10 MB for XL bins). */
export const DEFAULT_MAX_ANSWER_BYTES = 32 * 1024 * 1024;

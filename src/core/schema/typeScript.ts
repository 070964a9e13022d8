/**
 * TypeScript declarations for the records a schema describes, by json-schema-to-typescript-lite
 * (the maintained fork without Prettier: its chunk is about 140 KB instead of 5 MB). A `$ref`
 * outside the schema is never fetched: it becomes `unknown`, with a comment naming it. Loaded on
 * first use. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { Json } from '../api';
import { host } from '../../platform';

/** The declarations, the record's type named after `name` (a schema's `title` wins, as the library does). */
export async function typeScriptTypes(schema: Json, name: string): Promise<string> {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    throw new Error(l10n.t('A schema doc must be a JSON object to make types from'));
  }
  if (!host.typeScriptTypes) {
    throw new Error(
      l10n.t('TypeScript types cannot be made where this extension runs now (its library needs Node): use VS Code on the desktop or a remote window'),
    );
  }
  const compile = await host.typeScriptTypes();
  return compile(withoutRemoteRefs(schema) as never, name, {
    // The library's own resolver is kept from anything outside the schema too.
    $refOptions: { resolve: { external: false } },
  });
}

/** A copy in which each `$ref` that is not `#…` is `unknown`, so that nothing tries to resolve it. */
export function withoutRemoteRefs(schema: Json): Json {
  if (Array.isArray(schema)) {
    return schema.map(withoutRemoteRefs);
  }
  if (schema === null || typeof schema !== 'object') {
    return schema;
  }
  const ref = schema.$ref;
  if (typeof ref === 'string' && !ref.startsWith('#')) {
    return { tsType: 'unknown', description: l10n.t('Not resolved: {0} (a $ref outside the schema doc is never fetched)', ref) };
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withoutRemoteRefs(value)]));
}

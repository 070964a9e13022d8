/** What a tab or a command names: a bin's latest record, one of its versions, a part of it, or a schema doc. */
export type Resource =
  | { kind: 'bin'; id: string; version?: number }
  /** A look at a bin's latest record: all of it without metadata, or what `jsonPath` selects. */
  | { kind: 'peek'; id: string; jsonPath?: string }
  | { kind: 'schema'; id: string };

export function resourceKey(resource: Resource): string {
  const at =
    resource.kind === 'peek' ? (resource.jsonPath === undefined ? '/record' : `?${resource.jsonPath}`) : resource.kind === 'bin' ? resource.version : undefined;
  return `${resource.kind}:${resource.id}${at === undefined ? '' : `@${at}`}`;
}

/** Versions and peeks are what the service held when read: shown read-only, never saved. */
export function isReadOnly(resource: Resource): boolean {
  return resource.kind === 'peek' || (resource.kind === 'bin' && resource.version !== undefined);
}

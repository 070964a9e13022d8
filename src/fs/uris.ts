/**
 * `jsonbin:` URIs name a resource by id, so a tab restored after a reload needs nothing else:
 * `jsonbin:/bin/<id>/<title>.json`, `jsonbin:/bin/<id>/v<n>/<title>.json` (a version, read-only)
 * and `jsonbin:/schema/<id>/<title>.json`. The title only names the tab.
 */
import * as vscode from 'vscode';
import { ID_PATTERN } from '../api';

export const SCHEME = 'jsonbin';

export type Resource =
  | { kind: 'bin'; id: string; version?: number }
  | { kind: 'schema'; id: string };

const ID = `(${ID_PATTERN})`;
const BIN = new RegExp(`^/bin/${ID}(?:/v(\\d+))?/[^/]+\\.json$`);
const SCHEMA = new RegExp(`^/schema/${ID}/[^/]+\\.json$`);

export function parseUri(uri: vscode.Uri): Resource | undefined {
  if (uri.scheme !== SCHEME) {
    return undefined;
  }
  const bin = BIN.exec(uri.path);
  if (bin) {
    return bin[2] === undefined ? { kind: 'bin', id: bin[1] } : { kind: 'bin', id: bin[1], version: Number(bin[2]) };
  }
  const schema = SCHEMA.exec(uri.path);
  return schema ? { kind: 'schema', id: schema[1] } : undefined;
}

const FOLDER = new RegExp(`^/(?:(?:bin(?:/${ID}(?:/v\\d+)?)?)|(?:schema(?:/${ID})?))?/?$`);

/** The folders that hold bins and schema docs: known without asking the service. */
export function isFolder(uri: vscode.Uri): boolean {
  return uri.scheme === SCHEME && FOLDER.test(uri.path);
}

export function binUri(id: string, title?: string, version?: number): vscode.Uri {
  const versionPart = version === undefined ? '' : `/v${version}`;
  return vscode.Uri.from({ scheme: SCHEME, path: `/bin/${id}${versionPart}/${fileName(title ?? id)}` });
}

export function schemaDocUri(id: string, title?: string): vscode.Uri {
  return vscode.Uri.from({ scheme: SCHEME, path: `/schema/${id}/${fileName(title ?? id)}` });
}

/** A name made safe as one path segment; the id stays the identity. */
function fileName(title: string): string {
  // eslint-disable-next-line no-control-regex
  const safe = title.replace(/[/\\:*?"<>|#%\u0000-\u001f]/g, '_').trim() || 'bin';
  return `${safe}.json`;
}

export function resourceKey(resource: Resource): string {
  return resource.kind === 'bin' && resource.version !== undefined
    ? `bin:${resource.id}@${resource.version}`
    : `${resource.kind}:${resource.id}`;
}

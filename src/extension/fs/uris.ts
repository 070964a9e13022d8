/**
 * `jsonbin:` URIs name a resource by id, so a tab restored after a reload needs nothing else:
 * `jsonbin:/bin/<id>/<title>.json`, `jsonbin:/bin/<id>/v<n>/<title>.json` (a version, read-only),
 * `jsonbin:/bin/<id>/record/<title>.json` (the latest record alone, read-only),
 * `jsonbin:/bin/<id>/path/<title>.json?<JSONPath>` (what the path selects in it, read-only)
 * and `jsonbin:/schema/<id>/<title>.json`. The title only names the tab. The authority names the
 * account (`jsonbin://a1b2c3d4/bin/…`); the default account's is empty, as in URIs from before accounts.
 */
import * as vscode from 'vscode';
import { ID_PATTERN } from '../../core/api/serviceFacts';
import type { Resource } from '../../core/store/resource';

export const SCHEME = 'jsonbin';
/** The language of bin and schema doc tabs (`package.json` maps their paths to it): JSON to VS Code's JSON service, and its own `[jsonbin]` settings, such as auto save. */
export const LANGUAGE = 'jsonbin';

const ID = `(${ID_PATTERN})`;
const BIN = new RegExp(`^/bin/${ID}(?:/(?:v(\\d+)|(record|path)))?/[^/]+\\.json$`);
const SCHEMA = new RegExp(`^/schema/${ID}/[^/]+\\.json$`);

/** With `account`, only a URI of that account (its authority) names a resource. */
export function parseUri(uri: vscode.Uri, account?: string): Resource | undefined {
  if (uri.scheme !== SCHEME || (account !== undefined && uri.authority !== account)) {
    return undefined;
  }
  const bin = BIN.exec(uri.path);
  if (bin?.[3]) {
    return { kind: 'peek', id: bin[1], jsonPath: bin[3] === 'path' ? uri.query : undefined };
  }
  if (bin) {
    return bin[2] === undefined ? { kind: 'bin', id: bin[1] } : { kind: 'bin', id: bin[1], version: Number(bin[2]) };
  }
  const schema = SCHEMA.exec(uri.path);
  return schema ? { kind: 'schema', id: schema[1] } : undefined;
}

const FOLDER = new RegExp(`^/(?:(?:bin(?:/${ID}(?:/(?:v\\d+|record|path))?)?)|(?:schema(?:/${ID})?))?/?$`);

/** The folders that hold bins and schema docs: known without asking the service. */
export function isFolder(uri: vscode.Uri): boolean {
  return uri.scheme === SCHEME && FOLDER.test(uri.path);
}

/** A bin's latest record; a version (a number); or a part of the latest record: all of it alone (`{}`), or what `jsonPath` selects. */
/** `account` is the URI authority of the account (empty for the default account). */
export function binUri(id: string, title?: string, part?: number | { jsonPath?: string }, account = ''): vscode.Uri {
  const segment = part === undefined ? '' : typeof part === 'number' ? `/v${part}` : part.jsonPath === undefined ? '/record' : '/path';
  return vscode.Uri.from({
    scheme: SCHEME,
    authority: account,
    path: `/bin/${id}${segment}/${fileName(title ?? id)}`,
    query: typeof part === 'object' ? part.jsonPath : undefined,
  });
}

export function schemaDocUri(id: string, title?: string, account = ''): vscode.Uri {
  return vscode.Uri.from({ scheme: SCHEME, authority: account, path: `/schema/${id}/${fileName(title ?? id)}` });
}

/** A name made safe as one path segment; the id stays the identity. */
function fileName(title: string): string {
  // eslint-disable-next-line no-control-regex
  const safe = title.replace(/[/\\:*?"<>|#%\u0000-\u001f]/g, '_').trim();
  return `${safe || vscode.l10n.t({ message: 'bin', comment: ["A tab's title when the bin's name leaves nothing"] })}.json`;
}

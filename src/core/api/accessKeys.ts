/**
 * Access keys (`/a`, beyond the contract): the permissions sent and the answers mapped. Loaded with
 * the first access key call, not with the extension.
 */
import * as l10n from '@vscode/l10n';
import { checkName, MAX_SHORT_NAME } from './checks';
import { BinServiceError, shaped } from './errors';
import type { AccessKey, BinPermission, KeyPermissions } from './types';

export const BIN_PERMISSIONS: readonly BinPermission[] = ['create', 'read', 'update', 'delete'];

export interface RawAccessKey {
  accessKey: string;
  accessKeyId?: string;
  keyPermissions?: { bins?: Partial<Record<BinPermission, unknown>> };
  metadata?: { name?: string };
}

/** `X-Key-Name` and the permissions, checked before anything is sent. */
export function createRequest(name: string, permissions: KeyPermissions): { headers: Record<string, string>; body: string } {
  return { headers: { 'X-Key-Name': checkName(name, MAX_SHORT_NAME, 'X-Key-Name') }, body: permissionsBody(permissions) };
}

/** Each of the four bin actions given as true or false: the service grants nothing else. */
function permissionsBody(permissions: KeyPermissions): string {
  const bins = (permissions as Partial<KeyPermissions> | undefined)?.bins;
  if (!bins || !BIN_PERMISSIONS.every((p) => typeof bins[p] === 'boolean')) {
    throw new BinServiceError('invalidInput', l10n.t("An access key's permissions give each of create, read, update and delete on bins as true or false"));
  }
  return JSON.stringify({ bins: Object.fromEntries(BIN_PERMISSIONS.map((p) => [p, bins[p]])) });
}

export function createdAccessKey(answer: RawAccessKey, name: string, asked: KeyPermissions): AccessKey {
  shaped(answer, (a) => typeof a.accessKey === 'string', l10n.t('the new access key'), 'createAccessKey');
  return { ...accessKeyOf(answer, asked), name: answer.metadata?.name ?? name };
}

/** Permissions the answer leaves out are the ones asked for. */
function accessKeyOf(raw: RawAccessKey, asked: KeyPermissions): AccessKey {
  const given = raw.keyPermissions?.bins;
  const bins = Object.fromEntries(BIN_PERMISSIONS.map((p) => [p, given ? given[p] === true : asked.bins[p]]));
  return {
    key: raw.accessKey,
    ...(typeof raw.accessKeyId === 'string' ? { id: raw.accessKeyId } : {}),
    ...(raw.metadata?.name ? { name: raw.metadata.name } : {}),
    permissions: { bins: bins as KeyPermissions['bins'] },
  };
}

/** An account's row, shown when there are several: its collections and its bins beneath. */
import * as vscode from 'vscode';
import { allows, type AccountInfo } from '../../../accounts/accountList';
import type { BinPermission } from '../../../../core/api';
import { isHostedService } from '../../../../core/api/share';
import { MessageNode } from './messageNode';
import { Node } from './node';
import type { DefinitionBins } from '../definitionBins';

/** The permissions a row menu's write actions need. */
const WRITES: readonly BinPermission[] = ['create', 'update', 'delete'];

export class AccountNode extends Node {
  /** The default account (its URIs have no authority) cannot be removed; the active one is not switched to. */
  static readonly contextValues = ['account', 'account.active', 'account.default', 'account.default.active'] as const;

  constructor(
    private readonly info: () => AccountInfo,
    private readonly serviceUrl: () => string,
    private readonly isActive: () => boolean,
    private readonly roots: () => Promise<Node[]>,
  ) {
    super(undefined);
  }

  override get account(): string {
    return this.info().id;
  }

  get contextValue(): (typeof AccountNode.contextValues)[number] {
    const kind = this.account ? 'account' : 'account.default';
    return this.isActive() ? `${kind}.active` : kind;
  }

  /** Whether the account has a key: the tree learns it when it lists the account's rows. */
  keyStored = true;

  /** The account's bins known to hold a definition: its tree sets them. */
  definitions?: DefinitionBins;

  override definitionMark(binId: string) {
    return this.definitions?.mark(binId);
  }

  override get abilities(): string {
    const info = this.info();
    const granted = this.keyStored ? WRITES.filter((permission) => allows(info, permission)) : [];
    return [...granted, ...(isHostedService(this.serviceUrl()) ? ['hosted'] : [])].map((a) => `;${a}`).join('');
  }

  get name(): string {
    return this.info().name;
  }

  treeItem(): vscode.TreeItem {
    const { name, keyKind } = this.info();
    const active = this.isActive();
    const item = new vscode.TreeItem(name, active ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `account:${this.account || 'default'}`;
    const host = hostOf(this.serviceUrl());
    item.description = active ? activeOne(host) : host;
    item.iconPath = new vscode.ThemeIcon(keyKind === 'access' ? 'key' : 'account');
    item.tooltip = [
      name,
      vscode.l10n.t('Service: {0}', this.serviceUrl()),
      keyKind === 'access' ? vscode.l10n.t('Key: an access key (X-Access-Key)') : vscode.l10n.t('Key: the master key (X-Master-Key)'),
      active ? vscode.l10n.t('Commands from the palette act on this account') : '',
    ]
      .filter(Boolean)
      .join('\n');
    item.contextValue = this.contextValue;
    return item;
  }

  override async children(): Promise<Node[]> {
    const roots = await this.roots();
    return roots.length > 0 ? roots : [new MessageNode(this, vscode.l10n.t('No bins yet: add one by id or link'))];
  }
}

/** An account's service as its row and the account picks describe the active one. */
export function activeOne(service: string): string {
  return vscode.l10n.t({ message: '{0} · active', args: [service], comment: ["{0}: the account's service"] });
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

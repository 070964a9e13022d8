/**
 * The workspace's linked files as activation starts them: the link files read when first asked
 * about; the decorations, status bar item, Source Control view and push on save loaded once the
 * workspace has a link; a bin deleted or renamed followed from the store's event, never from the
 * command's own bookkeeping.
 */
import * as vscode from 'vscode';
import type { AccountInfo } from '../../accounts/accountList';
import type { Accounts, AccountPartsBase } from '../../accounts/accounts';
import type { ConflictResolver } from '../../../core/store/ports';
import type { Parts } from '../parts';
import { Links, type LinkParts } from './linkRegistry';
import type { LinkViews } from './linkViews';

export interface LinkWiring {
  registry: Links;
  /** The linked files' views, loaded now if they were not. */
  views(): Promise<LinkViews>;
  /** The views if they are loaded. */
  shown(): LinkViews | undefined;
}

type FollowedParts = AccountPartsBase & Pick<Parts, 'bins'> & { readonly account: AccountInfo };

export function startLinks(
  context: vscode.ExtensionContext,
  accounts: Pick<Accounts<FollowedParts>, 'all' | 'followParts'>,
  partsFor: (account: string) => Promise<LinkParts | undefined>,
  resolveConflict: ConflictResolver,
): LinkWiring {
  const registry = new Links(context.workspaceState, partsFor, () => accounts.all(), resolveConflict);
  let loading: Promise<LinkViews> | undefined;
  let shown: LinkViews | undefined;
  const views = () =>
    (loading ??= import('./linkViews.js').then((m) => {
      shown = m.showLinks(registry);
      context.subscriptions.push(...shown.disposables);
      return shown;
    }));
  const whenLinked = async () => {
    if (!loading && (await registry.all()).length > 0) {
      void views();
    }
  };
  void whenLinked();
  accounts.followParts((parts) => [
    parts.bins.onDidChangeBins((changes) => {
      const deleted = changes.flatMap((c) => (c.kind === 'deleted' ? [c.id] : []));
      if (deleted.length > 0) {
        void registry.binsDeleted(parts.account, deleted);
      }
      const renamed = changes.flatMap((c) => (c.kind === 'renamed' ? [{ id: c.id, name: c.name }] : []));
      if (renamed.length > 0) {
        void registry.binsRenamed(parts.account, renamed);
      }
    }),
  ]);
  context.subscriptions.push(
    registry,
    registry.onDidChange(() => void whenLinked()),
  );
  return { registry, views, shown: () => shown };
}

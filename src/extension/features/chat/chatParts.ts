/**
 * What the tools' core (`src/core/tools/`) acts on, from an account's parts in VS Code: the view's
 * fetched listings, the user's settings, and the open tabs (a record shown unchanged costs no
 * request; an unsaved edit is what Validate Collection checks).
 */
import * as vscode from 'vscode';
import { settings } from '../../config';
import { parseUri } from '../../fs/uris';
import { resourceKey, type Resource } from '../../../core/store/resource';
import type { ToolParts, ToolSettings } from '../../../core/tools/ports';
import { unsavedTextOf } from '../binTarget';
import type { Parts } from '../parts';
import type { ViewParts } from '../tree/binsView';

/** What the tools act on, of an account's parts. */
export type ChatParts = Pick<Parts, 'account' | 'connection' | 'bins' | 'writes' | 'schemaDocs' | 'binCollections' | 'remembered'> & Pick<ViewParts, 'tree'>;

const toolSettings: ToolSettings = {
  warnAboveRequests: settings.warnAboveRequests,
  findMaxRequests: settings.findMaxRequests,
  maxProblems: settings.maxProblems,
  maxRecordBytes: settings.chatMaxRecordBytes,
  definitionProviders: settings.definitionProviders,
  definitionLimits: settings.definitionLimits,
};

/** The texts of the tabs showing `resource` with no unsaved edit. */
function openTexts(account: string, resource: Resource): string[] {
  const key = resourceKey(resource);
  return vscode.workspace.textDocuments
    .filter((doc) => {
      const shown = parseUri(doc.uri, account);
      return shown && !doc.isDirty && resourceKey(shown) === key;
    })
    .map((doc) => doc.getText());
}

export function toolPartsOf(p: ChatParts): ToolParts {
  return {
    account: p.account,
    get client() {
      return p.connection.client;
    },
    hasKey: async () => Boolean(await p.connection.keys.get()),
    bins: p.bins,
    writes: p.writes,
    schemaDocs: p.schemaDocs,
    binCollections: p.binCollections,
    remembered: p.remembered,
    listings: p.tree,
    settings: toolSettings,
    editor: {
      openTexts: (resource) => openTexts(p.account.id, resource),
      unsavedText: (id) => unsavedTextOf(p.account.id, id),
    },
  };
}

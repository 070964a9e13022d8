/** Every command's handler, by id: this module and what only commands use load with the first command run. */
import { accessKeyCommands } from './manageAccounts/accessKeyCommands';
import { accountCommands } from './manageAccounts/accountCommands';
import { binCommands } from './bins/binCommands';
import { binStateCommands } from './bins/binStateCommands';
import { changeCommands } from './changeBins/changeCommands';
import { findCommands } from './find/findCommands';
import { linkCommands } from './links/linkCommands';
import { manageAccounts } from './manageAccounts/manageAccounts';
import { requestBreakdownCommands } from './manageAccounts/requestBreakdown';
import type { CommandId } from '../commands/idsAndContextKeys';
import { offlineCommands, type OfflineParts } from './offline/offlineCommands';
import type { Parts } from './parts';
import { peekCommands } from './peek/peekCommands';
import { refreshCommands } from './bins/refreshBin';
import type { Handler } from './commandForms';
import { schemaCommands } from './schemaDocs/schemaCommands';
import type { SchemaDiagnostics } from './schemaDocs/schemaDiagnostics';
import { validateCollectionCommands } from './schemaDocs/validateCollection';
import { validateBinsCommands } from './schemaDocs/validateBins';
import { draftSchemaDocCommands } from './schemaDocs/draftSchemaDoc';
import { createFromDraftCommands } from './schemaDocs/createFromDraft';
import { definitionCommands } from './definitions/definitionCommands';
import { typeScriptTypesCommands } from './schemaDocs/typeScriptTypes';
import { shareCommands } from './share/shareCommands';
import { tableCommands } from './table/tableCommands';
import { transferCommands } from './transfer/transferCommands';
import { versionCommands } from './versions/versionCommands';
import type { AccountRows, ViewParts } from './tree/binsView';
import type { LinksParts } from './links/linkRegistry';

/** What the commands act on, together: each feature's handlers take the parts they use. */
export type CommandParts = Parts & ViewParts & OfflineParts & LinksParts & Pick<AccountRows, 'root'> & { diagnostics: SchemaDiagnostics };

export function commandHandlers(p: CommandParts): Map<CommandId, Handler[1]> {
  return new Map([
    ...accountCommands(p),
    ...manageAccounts(p),
    ...accessKeyCommands(p),
    ...requestBreakdownCommands(p),
    ...binCommands(p),
    ...binStateCommands(p),
    ...refreshCommands(p),
    ...versionCommands(p),
    ...schemaCommands(p),
    ...validateCollectionCommands(p),
    ...validateBinsCommands(p),
    ...draftSchemaDocCommands(p),
    ...createFromDraftCommands(p),
    ...typeScriptTypesCommands(p),
    ...changeCommands(p),
    ...transferCommands(p),
    ...shareCommands(p),
    ...findCommands(p),
    ...peekCommands(p),
    ...tableCommands(p),
    ...offlineCommands(p),
    ...linkCommands(p),
    ...definitionCommands(p),
  ]);
}

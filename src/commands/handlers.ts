/** Every command's handler, by id: this module and what only commands use load with the first command run. */
import { accessKeyCommands } from './accessKeyCommands';
import { accountCommands } from './accountCommands';
import { binCommands } from './binCommands';
import { binStateCommands } from './binStateCommands';
import { findCommands } from './findCommands';
import { manageAccounts } from './manageAccounts';
import type { CommandId } from './ids';
import { offlineCommands } from '../offline/offlineCommands';
import type { Parts } from './parts';
import { peekCommands } from './peekCommands';
import type { Handler } from './register';
import { schemaCommands } from './schemaCommands';
import { shareCommands } from './shareCommands';
import { transferCommands } from './transferCommands';
import { versionCommands } from './versionCommands';

export function commandHandlers(p: Parts): Map<CommandId, Handler[1]> {
  return new Map([
    ...accountCommands(p),
    ...manageAccounts(p),
    ...accessKeyCommands(p),
    ...binCommands(p),
    ...binStateCommands(p),
    ...versionCommands(p),
    ...schemaCommands(p),
    ...transferCommands(p),
    ...shareCommands(p),
    ...findCommands(p),
    ...peekCommands(p),
    ...offlineCommands(p),
  ]);
}

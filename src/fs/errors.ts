/** Service errors as file system errors, so VS Code keeps the document dirty and shows why. */
import * as vscode from 'vscode';
import type { BinServiceError } from '../api';
import { plainText } from '../ui/plainText';

/** `unreachable` is added when the service could not be asked (it may answer later). */
export function fsError(error: BinServiceError, doing: string, unreachable?: string): vscode.FileSystemError {
  const later = unreachable && ['network', 'timeout', 'allowanceExhausted'].includes(error.kind) ? `; ${unreachable}` : '';
  const message = plainText(`${doing}: ${error.message}${later}`);
  switch (error.kind) {
    case 'notFound':
      return vscode.FileSystemError.FileNotFound(message);
    case 'missingKey':
    case 'invalidKey':
    case 'invalidInput':
    case 'schemaMismatch':
    case 'tooLarge':
    case 'versioningNotOnPlan':
      return vscode.FileSystemError.NoPermissions(message);
    default:
      return vscode.FileSystemError.Unavailable(message);
  }
}

/** Service errors as file system errors, so VS Code keeps the document dirty and shows why. */
import * as vscode from 'vscode';
import type { BinServiceError } from '../api';
import { plainText } from '../ui/plainText';

export function fsError(error: BinServiceError, doing: string): vscode.FileSystemError {
  const message = plainText(`${doing}: ${error.message}`);
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

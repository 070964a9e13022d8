/** Refusals as file system errors, so that VS Code keeps the document dirty and shows why. */
import * as vscode from 'vscode';
import { Refused } from '../bins/refused';

/** Runs a file system call of the store or the write path; a refusal becomes VS Code's error of its kind. */
export async function asFileSystem<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Refused)) {
      throw error;
    }
    switch (error.kind) {
      case 'notFound':
        throw vscode.FileSystemError.FileNotFound(error.message);
      case 'noPermission':
        throw vscode.FileSystemError.NoPermissions(error.message);
      default:
        throw vscode.FileSystemError.Unavailable(error.message);
    }
  }
}

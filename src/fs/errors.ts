/** Refusals as file system errors, so that VS Code keeps the document dirty and shows why. */
import * as vscode from 'vscode';
import { Refused } from '../store/refused';
import { reportProblems } from '../ui/feedback';

/** Runs a file system call of the store or the write path; a refusal becomes VS Code's error of its kind. */
export async function asFileSystem<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof Refused ? fileSystemError(error) : error;
  }
}

function fileSystemError(refused: Refused): vscode.FileSystemError {
  switch (refused.kind) {
    case 'notFound':
      return vscode.FileSystemError.FileNotFound(refused.message);
    case 'noPermission':
      return vscode.FileSystemError.NoPermissions(refused.message);
    default:
      return vscode.FileSystemError.Unavailable(refused.message);
  }
}

/**
 * A save: its refusal as plainly as VS Code can show it. VS Code prints a failed save as "Failed to
 * save 'x': Unable to write file '<uri>' (<error's name>: <message>)" whatever the error; an error
 * with no name prints the message alone (measured in code-server 4.139, where FileSystemError's
 * kinds print "NoPermissions (FileSystemError): …"). A missing bin stays FileNotFound, which VS
 * Code treats apart. VS Code's notification offers Retry, which cannot mend problems in the text:
 * for those the extension says so too, with Show Problems.
 */
export async function asSave(call: () => Promise<void>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (!(error instanceof Refused)) {
      throw error;
    }
    if (error.kind === 'notFound') {
      throw fileSystemError(error);
    }
    if (error.inText) {
      reportProblems(error.message);
    }
    throw Object.assign(new Error(error.message), { name: '' });
  }
}

/** Refusals as file system errors, so that VS Code keeps the document dirty and shows why. */
import * as vscode from 'vscode';
import { Refused } from '../../core/store/refused';

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
 * A save: its refusal as plainly as VS Code can show it, in VS Code's one notification. VS Code
 * shows every failed write as "Failed to save 'x': Unable to write file '<uri>' (<error's name>:
 * <message>)", with Retry, Save As and Revert, whatever the provider throws (its save error handler,
 * measured in code-server 4.139); an error with no name prints the message alone (FileSystemError's
 * kinds print "NoPermissions (FileSystemError): …"). A missing bin stays FileNotFound, which VS
 * Code treats apart. Problems in the text cannot be mended by Retry: the message ends with a Show
 * Problems link, which VS Code's notifications run (a second notification of the extension's own
 * would say the same again).
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
    const message = error.inText
      ? vscode.l10n.t({
          message: '{0}. [Show Problems]({1})',
          args: [error.message, SHOW_PROBLEMS],
          comment: ['{0}: why the save was refused; Markdown link: keep [ ] and ({1}) as they are, translate "Show Problems"'],
        })
      : error.message;
    throw Object.assign(new Error(message), { name: '' });
  }
}

/** The command of VS Code's Problems view, as a notification's link runs it. */
const SHOW_PROBLEMS = 'command:workbench.actions.view.problems';

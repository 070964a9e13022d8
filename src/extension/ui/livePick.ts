/** A quick pick that shows items as they arrive, loaded with the first command that needs one. */
import * as vscode from 'vscode';
import { windowPrompter, type LiveItems, type Prompter } from './prompter';

export async function pickLive<T extends vscode.QuickPickItem>(
  prompter: Prompter,
  live: LiveItems<T>,
  options: vscode.QuickPickOptions,
): Promise<T | undefined> {
  if (prompter.pickLive) {
    return prompter.pickLive(live, options);
  }
  if (prompter === windowPrompter) {
    return showLive(live, options);
  }
  // A prompter of plain picks (a test's) answers once every item came.
  while (!live.done) {
    await new Promise<void>((resolve) => {
      const listening = live.onDidChange(() => {
        listening.dispose();
        resolve();
      });
    });
  }
  try {
    return await prompter.pick([...live.items], { ...options, title: live.status });
  } finally {
    live.close();
  }
}

/** VS Code's quick pick, its items replaced as they come, busy until they all came. */
export function showLive<T extends vscode.QuickPickItem>(live: LiveItems<T>, options: vscode.QuickPickOptions): Promise<T | undefined> {
  const pick = vscode.window.createQuickPick<T>();
  pick.placeholder = options.placeHolder;
  pick.matchOnDescription = options.matchOnDescription ?? false;
  pick.matchOnDetail = options.matchOnDetail ?? false;
  pick.ignoreFocusOut = options.ignoreFocusOut ?? false;
  const update = () => {
    // New items must not move the highlight off the item the user is on.
    const active = pick.activeItems.filter((item) => live.items.includes(item));
    pick.items = live.items;
    if (active.length > 0) {
      pick.activeItems = active;
    }
    pick.title = live.status;
    pick.busy = !live.done;
  };
  return new Promise((resolve) => {
    const subscriptions = [
      live.onDidChange(update),
      pick.onDidAccept(() => {
        resolve(pick.selectedItems[0]);
        pick.hide();
      }),
      pick.onDidHide(() => {
        resolve(undefined);
        for (const subscription of subscriptions) {
          subscription.dispose();
        }
        pick.dispose();
        live.close();
      }),
    ];
    update();
    pick.show();
  });
}

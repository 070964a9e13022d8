/**
 * The walkthrough's ticks (package.json's `gettingStarted`), told to VS Code as each step is done.
 *
 * VS Code's walkthroughs service ticks a step on its completion events only while it exists, and
 * it is made when the walkthrough is first opened (`registerSingleton(…, Delayed)`): a command run,
 * a view shown or a context key set before that is never heard. When it is made, a context key
 * already true is taken as seen in this session, not as a step done (`registerDoneListeners`
 * records the event and ticks nothing). So a user who set the key, browsed and opened a bin, then
 * opened the walkthrough, found no step ticked. The extension tells the service itself:
 * `welcome.markStepComplete` makes it if need be and stores the tick in the user's profile, where
 * the walkthrough reads it whenever it opens. Each step is told once; a tick the user removes
 * later stays removed.
 */
import * as vscode from 'vscode';
import { StateKey, type Memory } from '../../core/api/stateKeys';

/** The manifest's walkthrough and its steps' ids. */
const WALKTHROUGH_ID = 'gettingStarted';
export type WalkthroughStep = 'setKey' | 'browse' | 'edit' | 'create';

// VS Code's command (gettingStarted.contribution.ts): its argument is `<extension id>#<walkthrough>#<step>`.
const MARK_STEP_COMPLETE = 'welcome.markStepComplete';

export class Walkthrough {
  /** Steps told in this window, answered or not: each is told at most once a window. */
  private readonly told = new Set<WalkthroughStep>();

  constructor(
    private readonly memory: Memory,
    private readonly extensionId: string,
  ) {}

  /** `step` is done: VS Code ticks it, unless it was told so before. */
  done(step: WalkthroughStep): void {
    if (this.told.has(step) || this.ticked().includes(step)) {
      return;
    }
    this.told.add(step);
    vscode.commands.executeCommand(MARK_STEP_COMPLETE, `${this.extensionId}#${WALKTHROUGH_ID}#${step}`).then(
      () => void this.memory.update(StateKey.walkthroughTicked, [...new Set([...this.ticked(), step])]),
      // A service made just now stores the tick, then fails to find the step it has not read yet
      // (it reads the extension's walkthrough a moment later): the next window tells it again,
      // which then finds the tick stored and answers.
      () => undefined,
    );
  }

  /** The JSONBin view shown, now or later, is the step "Browse your collections". */
  followView(view: vscode.TreeView<unknown>): vscode.Disposable {
    if (view.visible) {
      this.done('browse');
    }
    return view.onDidChangeVisibility((e) => e.visible && this.done('browse'));
  }

  private ticked(): WalkthroughStep[] {
    return this.memory.get<WalkthroughStep[]>(StateKey.walkthroughTicked) ?? [];
  }
}

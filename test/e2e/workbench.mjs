// Drives the VS Code workbench in Chromium as a person would: palette, view, tree, editor, keys.
import { launchBrowser } from '../runner/code-server-host.mjs';

export async function openWorkbench(url) {
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(url);
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  // The extension's contributions are there once its activity-bar entry is.
  await page.locator('.activitybar [aria-label^="JSONBin"]').first().waitFor({ timeout: 60_000 });
  return { browser, page };
}

/**
 * Runs a command from the palette; retried while the workbench is still registering commands, or
 * when the palette closed before it was typed in (a page that just opened, such as a walkthrough,
 * can take the focus back).
 */
export async function runCommand(page, title) {
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    try {
      await input.fill(`>${title}`, { timeout: 5_000 });
      await row.waitFor({ timeout: 5_000 });
      await row.click();
      return;
    } catch (error) {
      await page.keyboard.press('Escape');
      if (attempt === 6) throw error;
    }
  }
}

/** Answers the next input box (e.g. the password prompt of Set API Key). */
export async function answerInput(page, text) {
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(text);
  await page.keyboard.press('Enter');
  // Answered once the box closes or moves on to the next question (this function runs in the page).
  await page.waitForFunction((typed) => {
    const widget = globalThis.document.querySelector('.quick-input-widget');
    const box = widget?.querySelector('input');
    return !widget || globalThis.getComputedStyle(widget).display === 'none' || box?.value !== typed;
  }, text);
}

/** Picks the quick-pick item with this label. */
export async function pick(page, label) {
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(label);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: label }).first().waitFor();
  await page.keyboard.press('Enter');
}

export async function showJsonBinView(page) {
  const title = page.locator('.sidebar .title-label', { hasText: 'JSONBin' }).first();
  // Clicking the activity bar entry of the view already shown would hide it.
  if (!(await title.isVisible())) {
    await page.locator('.activitybar [aria-label^="JSONBin"]').first().click();
  }
  await title.waitFor();
}

export function treeRow(page, label) {
  return page.locator('.pane-body .monaco-list-row', { has: page.locator('.label-name', { hasText: label }) }).first();
}

/** A row exactly labelled `label` (not one whose label merely contains it). */
export function exactRow(page, label, state = '') {
  return page
    .locator(`.pane-body .monaco-list-row${state}`, {
      has: page.locator('.label-name', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }),
    })
    .first();
}

/**
 * Waits for what a create shows when it is done: the new bin's tab active and its row selected.
 * Until then the tab that opens takes the focus and the view redraws, closing a menu opened meanwhile.
 */
export async function createdBinShown(page, name) {
  await page.locator('.tabs-container .tab.active', { hasText: `${name}.json` }).waitFor();
  await exactRow(page, name, '.selected').waitFor();
}

export async function clickTreeRow(page, label) {
  const row = treeRow(page, label);
  await row.waitFor({ timeout: 60_000 });
  await row.click();
}

/**
 * Expands a row and waits until it is expanded and its children are drawn, clicking again if a
 * redraw of the view (a refresh, the key arriving) collapsed it meanwhile: the next step never
 * depends on how fast the machine is.
 */
export async function expandRow(page, label, childLabel) {
  const row = exactRow(page, label);
  await row.waitFor({ timeout: 60_000 });
  for (const deadline = Date.now() + 60_000; ;) {
    if ((await row.getAttribute('aria-expanded')) !== 'true') {
      await row.locator('.monaco-tl-twistie').click();
    }
    try {
      await page.waitForFunction((el) => el.getAttribute('aria-expanded') === 'true', await row.elementHandle(), { timeout: 5_000 });
      if (childLabel) {
        await treeRow(page, childLabel).waitFor({ timeout: 10_000 });
      }
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/**
 * Clicks a row's inline button (shown on hover). A view that redraws meanwhile (a change a command
 * made) can move the row from under the pointer, so the hover is tried again.
 */
export async function clickRowButton(page, label, title) {
  const row = exactRow(page, label);
  for (let attempt = 1; ; attempt++) {
    await row.hover();
    try {
      await row.locator(`.actions .action-label[aria-label^="${title}"]`).click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
}

/** Right-clicks a row and chooses a context-menu item. */
export async function clickRowMenu(page, label, item) {
  await fromMenu(page, item, () => exactRow(page, label).click({ button: 'right' }));
}

/** The items of a row's context menu as the user sees them, in order (a submenu by its label), then closes it. */
export async function rowMenuItems(page, label) {
  await exactRow(page, label).click({ button: 'right' });
  const menu = page.locator('.monaco-menu').first();
  await menu.getByRole('menuitem').first().waitFor({ timeout: 10_000 });
  const items = (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.split('\n')[0].trim()).filter(Boolean);
  await page.keyboard.press('Escape');
  return items;
}

/** Right-clicks a file in the Explorer and chooses a context-menu item. */
export async function clickExplorerMenu(page, fileName, item) {
  await runCommand(page, 'View: Show Explorer');
  const row = page.locator('.explorer-folders-view .monaco-list-row', { has: page.locator('.label-name', { hasText: fileName }) }).first();
  await row.waitFor({ timeout: 30_000 });
  await fromMenu(page, item, () => row.click({ button: 'right' }));
}

const MENU_OPENINGS = 3;

/**
 * Opens a context menu and chooses `item`. A menu closes when the focus moves (a tab that opens,
 * a view that takes the focus), so one that closed before its item was chosen is opened again, a
 * bounded number of times; then the test fails saying what each opening saw.
 */
async function fromMenu(page, item, open) {
  // An item in a submenu is its path: ['Copy', 'Copy Bin Id'].
  const path = [item].flat();
  const seen = [];
  for (let opening = 1; opening <= MENU_OPENINGS; opening++) {
    await open();
    let outcome = 'chosen';
    for (let level = 0; level < path.length && outcome === 'chosen'; level++) {
      outcome = await chooseMenuItem(page, path[level], level, level < path.length - 1);
    }
    if (outcome === 'chosen') {
      return;
    }
    seen.push(`opening ${opening}: ${outcome}`);
  }
  throw new Error(`menu item ${path.join(' › ')} was never chosen:\n      ${seen.join('\n      ')}`);
}

/**
 * Chooses an item of the open context menu with the keyboard, as its focus moves (mouse clicks
 * race the menu's opening). Returns 'chosen', or what it saw when the menu closed under it.
 */
async function chooseMenuItem(page, item, level = 0, submenu = false) {
  // A submenu is a menu nested in its parent's item: the level-th menu in the page.
  const menu = page.locator('.monaco-menu').nth(level);
  const entry = menu.getByRole('menuitem', { name: item, exact: true });
  try {
    await menu.first().waitFor({ timeout: 10_000 });
    await entry.waitFor({ timeout: 10_000 });
  } catch {
    const items = (await page.getByRole('menuitem').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    await page.keyboard.press('Escape');
    return items.length > 0 ? `the menu had no ${item}, only: ${items.join(', ')}` : `no menu open (${await focusedPart(page)})`;
  }
  for (let moves = 0; moves < 30; moves++) {
    // A submenu lies inside its parent's item: the parent's focused item comes first.
    const focused = menu.locator('.action-item.focused');
    if ((await focused.count()) > 0 && (await focused.first().innerText()).trim().startsWith(item)) {
      try {
        // Pressed on the item itself: a menu that closed meanwhile takes the key nowhere else.
        await focused.first().locator('.action-menu-item').press('Enter', { timeout: 2_000 });
      } catch {
        return `the menu closed as ${item} was chosen (${await focusedPart(page)})`;
      }
      // A submenu opens beside its item; any other item closes the menu.
      await (submenu
        ? page
            .locator('.monaco-menu')
            .nth(level + 1)
            .waitFor()
        : entry.waitFor({ state: 'detached' }));
      return 'chosen';
    }
    if ((await page.locator('.monaco-menu').count()) <= level) {
      return `the menu closed after ${moves} key presses (${await focusedPart(page)})`;
    }
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Escape');
  return `${item} never took the focus`;
}

/** Where the keyboard focus is, for a failure message. */
function focusedPart(page) {
  return page.evaluate(() => {
    const active = globalThis.document.activeElement;
    const part = active?.closest('.part, .context-view, .quick-input-widget');
    return `focus in ${part?.className.split(' ').slice(0, 2).join(' ') ?? active?.tagName ?? 'nothing'}`;
  });
}

/** Clicks a button of the active editor's title, or an item of its "More Actions..." menu. */
export async function clickEditorTitle(page, title) {
  const actions = page.locator('.editor-group-container.active .editor-actions');
  const button = actions.locator(`.action-label[aria-label^="${title}"]`);
  if ((await button.count()) > 0) {
    await button.first().click();
    return;
  }
  await fromMenu(page, title, () => actions.locator('.action-label[aria-label^="More Actions"]').click());
}

/** Answers a modal dialog with one of its buttons. */
export async function answerDialog(page, button) {
  await page.locator('.monaco-dialog-box .monaco-button', { hasText: button }).first().click();
}

export async function activeEditorTitle(page) {
  return page.locator('.tabs-container .tab.active .label-name').first().innerText();
}

export async function focusEditor(page) {
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
}

/** Closes every editor, discarding unsaved edits (VS Code asks about them first). */
export async function closeAllEditors(page) {
  const dirty = (await page.locator('.tabs-container .tab.dirty').count()) > 0;
  await runCommand(page, 'View: Close All Editors');
  if (dirty) {
    await answerDialog(page, "Don't Save");
  }
  await page.locator('.tabs-container .tab').first().waitFor({ state: 'detached' });
}

/** Opens a bin by clicking its row, clicking again if a redraw of the view moved the row under the pointer. */
export async function openFromTree(page, label, tabText) {
  const tab = page.locator('.tabs-container .tab.active', { hasText: tabText });
  for (let attempt = 1; ; attempt++) {
    await exactRow(page, label).click();
    try {
      await tab.waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
}

/** Clears every notification, so that what follows is the next action's alone. */
export async function clearNotifications(page) {
  await runCommand(page, 'Notifications: Clear All Notifications');
  await page.locator('.notifications-toasts .notification-toast').first().waitFor({ state: 'detached' });
}

/**
 * Clicks a button of a notification once no other is below it. VS Code stacks notifications up from
 * the bottom, the newest on top, and keeps a progress notification at least 800 ms: when one below
 * closes, the notification above drops (74 px, 360 ms after a preview's result came), and a click
 * aimed before the drop lands where the button was. Clear the older ones first (`clearNotifications`):
 * a notification without a progress stays.
 */
export async function clickNotificationButton(toast, label) {
  const below = toast.locator('xpath=ancestor::*[contains(@class, "notification-toast-container")][1]/following-sibling::*');
  await below.first().waitFor({ state: 'detached' });
  await toast.locator('.monaco-button', { hasText: label }).first().click();
}

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

/** Runs a command from the palette; retried while the workbench is still registering commands. */
export async function runCommand(page, title) {
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill(`>${title}`);
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    try {
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
  await page.waitForFunction(
    (typed) => {
      const widget = globalThis.document.querySelector('.quick-input-widget');
      const box = widget?.querySelector('input');
      return !widget || globalThis.getComputedStyle(widget).display === 'none' || box?.value !== typed;
    },
    text,
  );
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
  await page.locator('.activitybar [aria-label^="JSONBin"]').first().click();
  await page.locator('.sidebar .title-label', { hasText: 'JSONBin' }).first().waitFor();
}

export function treeRow(page, label) {
  return page.locator('.pane-body .monaco-list-row', { has: page.locator('.label-name', { hasText: label }) }).first();
}

export async function clickTreeRow(page, label) {
  const row = treeRow(page, label);
  await row.waitFor({ timeout: 20_000 });
  await row.click();
}

export async function activeEditorTitle(page) {
  return page.locator('.tabs-container .tab.active .label-name').first().innerText();
}

export async function focusEditor(page) {
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
}

// The first minutes of a new user, as issue 36 lists them, in pictures against the `npm start`
// setup: `node scripts/tour-screenshots.mjs <folder>` writes the key prompt, a bin row's context
// menu, the palette filtered by "JSONBin" (and palette.txt, its commands), a refused save and
// Create Bin into the collection with a schema doc. Run it before and after a change to compare.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  answerInput,
  closeAllEditors,
  exactRow,
  expandRow,
  focusEditor,
  openFromTree,
  openWorkbench,
  pick,
  runCommand,
  showJsonBinView,
} from '../test/e2e/workbench.mjs';
import { startDemo } from './start.mjs';

if (!process.argv[2]) {
  console.error('usage: node scripts/tour-screenshots.mjs <folder for the pictures>');
  process.exit(2);
}
const out = resolve(process.argv[2]);
mkdirSync(out, { recursive: true });

const demo = await startDemo({ log: () => undefined });
const { browser, page } = await openWorkbench(demo.url);
const quickInput = page.locator('.quick-input-widget');
// Menus and notifications fade in: pictures are taken as they end up.
const shot = (name) => page.screenshot({ path: join(out, name), animations: 'disabled' });
const toasts = page.locator('.notifications-toasts .notification-toast');
const toast = (text) => toasts.filter({ hasText: text }).first();
/** Each picture shows only the notifications of its own step. */
async function clearNotifications() {
  await runCommand(page, 'Notifications: Clear All Notifications');
  await toasts.first().waitFor({ state: 'detached' });
}
try {
  await runCommand(page, 'JSONBin: Set API Key');
  await quickInput.locator('input[type="password"]').waitFor();
  await shot('key-prompt.png');
  await answerInput(page, demo.demo.account.key);
  // What confirms the key, whatever it says: the first notification that is not a progress.
  const progress = page.locator('.monaco-progress-container.active');
  await toasts.filter({ hasNot: progress }).first().waitFor();
  await toasts.filter({ has: progress }).first().waitFor({ state: 'detached' });
  await shot('key-set.png');
  await clearNotifications();

  await showJsonBinView(page);
  await expandRow(page, 'Collections', 'Course modules');
  await expandRow(page, 'Course modules', 'Photosynthesis');
  await exactRow(page, 'Photosynthesis').click({ button: 'right' });
  await page.locator('.monaco-menu .action-item').first().waitFor();
  await shot('bin-context-menu.png');
  await page.keyboard.press('Escape');
  await page.locator('.monaco-menu').waitFor({ state: 'detached' });
  // The row's tooltip, shown while the pointer rests on it, would cover the next pictures.
  await page.mouse.move(900, 600);
  await page.locator('.hover-contents').waitFor({ state: 'hidden' });

  const commands = await paletteCommands();
  await shot('palette.png');
  await page.keyboard.press('Escape');
  writeFileSync(join(out, 'palette.txt'), `${commands.length} commands listed for ">JSONBin"\n${commands.join('\n')}\n`);

  await openFromTree(page, 'Thermodynamics (draft)', 'Thermodynamics (draft).json');
  await focusEditor(page);
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' ');
  await page.keyboard.press('Control+s');
  // VS Code's toast, and the extension's own with its way out.
  await toast('Failed to save').waitFor();
  await toast('Show Problems').waitFor();
  await shot('refused-save.png');
  await clearNotifications();
  await closeAllEditors(page);

  await runCommand(page, 'JSONBin: Create Bin');
  await pick(page, 'Course modules');
  await createShown('Collection');
  await shot('create-bin.png');
  await page.keyboard.press('Escape');

  // With the collection's schema doc the active tab, as the issue found it.
  await closeAllEditors(page);
  await expandRow(page, 'Course modules', 'Schema doc');
  await openFromTree(page, 'Schema doc', 'Course module.json');
  await runCommand(page, 'JSONBin: Create Bin');
  await pick(page, 'Course modules');
  await createShown('Collection');
  await shot('create-bin-schema-doc-tab.png');
  console.log(`wrote ${out}: ${commands.length} commands listed for ">JSONBin"`);
} finally {
  await browser.close();
  await demo.stop();
}

/**
 * The palette filtered by "JSONBin", left open at its top: the list draws only the rows in view,
 * so each is read as the selection moves down, until it comes back to the first.
 */
async function paletteCommands() {
  await page.keyboard.press('F1');
  await quickInput.locator('input').fill('>JSONBin');
  const focused = quickInput.locator('.monaco-list-row.focused');
  await focused.waitFor();
  const size = Number(await focused.getAttribute('aria-setsize'));
  const labels = [];
  for (let i = 0; i < size; i++) {
    labels.push(await focused.locator('.label-name').first().innerText());
    await page.keyboard.press('ArrowDown');
  }
  return labels;
}

/** What Create Bin shows once the collection is chosen: its next question, or a tab. */
async function createShown(question) {
  const tabs = await page.locator('.tabs-container .tab').count();
  await page.waitForFunction(
    ([previous, count]) => {
      const widget = globalThis.document.querySelector('.quick-input-widget');
      const open = widget && globalThis.getComputedStyle(widget).display !== 'none';
      const asked = widget?.querySelector('input')?.getAttribute('placeholder');
      return (open && asked !== previous) || globalThis.document.querySelectorAll('.tabs-container .tab').length !== count;
    },
    [question, tabs],
  );
}

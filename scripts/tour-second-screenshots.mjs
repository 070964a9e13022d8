// The second ten minutes of a new user, as issue 49 lists them, in pictures against the `npm start`
// setup: `node scripts/tour-second-screenshots.mjs <folder>` writes the walkthrough after its steps
// were done, a refused save, the menu of two selected bins, Change Bins' patch tab and preview, the
// table, Save Bin as File's link offer, and a linked file beside its bin with the Source Control
// view. Run it before and after a change to compare (docs/tour/second/).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  clickRowMenu,
  closeAllEditors,
  exactRow,
  expandRow,
  focusEditor,
  openFromTree,
  openWorkbench,
  answerInput,
  pick,
  runCommand,
  showJsonBinView,
} from '../test/e2e/workbench.mjs';
import { startDemo } from './start.mjs';

if (!process.argv[2]) {
  console.error('usage: node scripts/tour-second-screenshots.mjs <folder for the pictures>');
  process.exit(2);
}
const out = resolve(process.argv[2]);
mkdirSync(out, { recursive: true });

const demo = await startDemo({ log: () => undefined });
const { browser, page } = await openWorkbench(demo.url);
const shot = (name) => page.screenshot({ path: join(out, name), animations: 'disabled' });
const toasts = page.locator('.notifications-toasts .notification-toast');
const toast = (text) => toasts.filter({ hasText: text }).first();
const activeTab = (text, state = '') => page.locator(`.tabs-container .tab.active${state}`, { hasText: text }).first();
const menu = page.locator('.monaco-menu').first();
// A dialog's or a notification's button: the question is asked one way before issue 49 and another after.
const answer = (text) => page.locator('.monaco-dialog-box .monaco-button, .notification-toast .monaco-button', { hasText: text }).first();

async function clearNotifications() {
  if ((await toasts.count()) > 0) {
    await runCommand(page, 'Notifications: Clear All Notifications');
    await toasts.first().waitFor({ state: 'detached' });
  }
}
/** Moves the pointer off the view, so that no row's tooltip covers the picture. */
async function restPointer() {
  await page.mouse.move(900, 600);
  await page.locator('.hover-contents').waitFor({ state: 'hidden' });
}
/** Types a space at the end of the active editor and saves it. */
async function editAndSave() {
  await focusEditor(page);
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' ');
  await page.keyboard.press('Control+s');
}

try {
  // The walkthrough's steps, done before it is opened: key, view, a bin opened, edited and saved.
  await runCommand(page, 'JSONBin: Set API Key');
  await answerInput(page, demo.demo.account.key);
  await showJsonBinView(page);
  await expandRow(page, 'Collections', 'Course modules');
  await expandRow(page, 'Course modules', 'Photosynthesis');
  await openFromTree(page, 'Photosynthesis', 'Photosynthesis.json');
  await editAndSave();
  await activeTab('Photosynthesis.json', ':not(.dirty)').waitFor();
  await clearNotifications();
  await runCommand(page, 'Welcome: Open Walkthrough');
  await pick(page, 'Get started with JSONBin Explorer');
  await page.locator('.gettingStartedContainer .getting-started-step').first().waitFor();
  await shot('walkthrough-after-steps.png');
  await closeAllEditors(page);

  await showJsonBinView(page);
  await openFromTree(page, 'Thermodynamics (draft)', 'Thermodynamics (draft).json');
  await editAndSave();
  await toast('Show Problems').waitFor();
  await shot('refused-save.png');
  await clearNotifications();
  await closeAllEditors(page);

  // Two bins selected, the second with Ctrl, and the menu of the selection.
  await exactRow(page, 'Photosynthesis').click();
  await exactRow(page, 'Plate tectonics (public)').click({ modifiers: ['Control'] });
  await exactRow(page, 'Plate tectonics (public)', '.selected').waitFor();
  await exactRow(page, 'Plate tectonics (public)').click({ button: 'right' });
  await menu.getByRole('menuitem').first().waitFor();
  await shot('multi-selection-menu.png');

  // Change Bins from that menu: its patch tab as it opens, then its preview.
  await page.keyboard.press('Escape');
  await clickRowMenu(page, 'Plate tectonics (public)', 'Change Bins...');
  await page.locator('.tabs-container .tab.active').waitFor();
  await restPointer();
  await shot('change-bins-patch.png');
  // A change that changes both: each bin's title replaced.
  await focusEditor(page);
  // The operations offered may be open: closed first, then the whole text selected.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Control+Shift+End');
  // The editor closes the bracket it is given.
  await page.keyboard.insertText('[\n  { "op": "replace", "path": "/title", "value": "Revised module" }\n');
  await runCommand(page, 'JSONBin: Preview Change');
  // What the preview says when it is done: the first notification that is not a progress.
  await toasts
    .filter({ hasNot: page.locator('.monaco-progress-container.active') })
    .first()
    .waitFor();
  await shot('change-bins-preview.png');
  await clearNotifications();
  await closeAllEditors(page);

  await clickRowMenu(page, 'Course modules', 'Open as Table');
  const table = page.frameLocator('iframe.webview').frameLocator('#active-frame');
  await table.locator('.ag-row .ag-cell[col-id="name"]').first().waitFor({ timeout: 30_000 });
  await restPointer();
  await shot('table.png');
  await closeAllEditors(page);

  // Save Bin as File into the workspace: the offer to link it, then the file edited beside its bin.
  await exactRow(page, 'Photosynthesis').click();
  await exactRow(page, 'Plate tectonics (public)', ':not(.selected)').waitFor();
  await closeAllEditors(page);
  await clickRowMenu(page, 'Photosynthesis', 'Save Bin as File...');
  // code-server's own save dialog, at the workspace with the bin's name filled in.
  await page.locator('.quick-input-widget input').waitFor();
  await page.keyboard.press('Enter');
  await answer('Link').waitFor();
  await shot('link-offer.png');
  await answer('Link').click();
  await runCommand(page, 'View: Show Explorer');
  await page
    .locator('.explorer-folders-view .monaco-list-row', { has: page.locator('.label-name', { hasText: /^Photosynthesis\.json$/ }) })
    .first()
    .dblclick();
  await activeTab('Photosynthesis.json').waitFor();
  // A field added at the top: the file now holds what its bin does not.
  await focusEditor(page);
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('"reviewed": true,');
  await page.keyboard.press('Control+s');
  await activeTab('Photosynthesis.json', ':not(.dirty)').waitFor();
  await showJsonBinView(page);
  await openFromTree(page, 'Photosynthesis', 'Photosynthesis.json');
  await page.keyboard.press('Control+Shift+G');
  await page.locator('.scm-view .monaco-list-row', { hasText: 'Photosynthesis' }).first().waitFor();
  await restPointer();
  await shot('linked-file-scm.png');
  console.log(`wrote ${out}`);
} catch (error) {
  await shot('failure.png');
  throw error;
} finally {
  await browser.close();
  await demo.stop();
}

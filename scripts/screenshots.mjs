// Takes the project's pictures against the `npm start` setup: the README's (the tree with the demo
// collection, a bin with inline schema problems) and one per walkthrough step, cropped to what the
// step is about so that they stay small and readable beside it. `npm run screenshots` refreshes them.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  answerInput,
  clickTreeRow,
  closeAllEditors,
  expandRow,
  exactRow,
  focusEditor,
  openWorkbench,
  runCommand,
  showJsonBinView,
} from '../test/e2e/workbench.mjs';
import { startDemo } from './start.mjs';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'docs', 'images');
const steps = join(root, 'media', 'walkthrough');
mkdirSync(out, { recursive: true });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The README's definition picture checks for two providers.
const demo = await startDemo({ log: () => undefined, settings: { 'jsonbin.structuredOutputs.providers': ['openai', 'anthropic'] } });
// The service's example definition with its root object left open (what OpenAI refuses too), in no collection.
const { courseModuleSchema } = await import('../out/test/service/courseModule.js');
const schema = JSON.parse(JSON.stringify(courseModuleSchema));
delete schema.additionalProperties;
demo.service.store.createBin(demo.demo.account, { name: 'course_module', strict: true, schema }, { name: 'Course module definition', private: true });
const { browser, page } = await openWorkbench(demo.url);
/** A walkthrough step's picture: the top left of the workbench, where the view and the prompts are. */
const stepShot = (name, width, height) => page.screenshot({ path: join(steps, name), clip: { x: 0, y: 0, width, height }, animations: 'disabled' });
/**
 * Shows a row's tooltip (the last row's covers no other row). It comes when the pointer moves onto
 * the row, and goes when the view redraws (a fetch ending): then the pointer comes again.
 */
async function rowTooltip(label) {
  for (let attempt = 1; ; attempt++) {
    await page.mouse.move(900, 600);
    await exactRow(page, label).hover();
    try {
      await page.locator('.hover-contents', { hasText: label }).waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
}
try {
  await showJsonBinView(page);
  await page.locator('.welcome-view-content .monaco-button', { hasText: 'Set API Key' }).click();
  await page.locator('.quick-input-widget input[type="password"]').waitFor();
  await stepShot('set-key.png', 1040, 300);
  await answerInput(page, demo.demo.account.key);

  await expandRow(page, 'Collections', 'Course modules');
  await expandRow(page, 'Course modules', 'Photosynthesis');
  await expandRow(page, 'Bins in no collection', 'Editor preferences');
  await rowTooltip('Editor preferences');
  await stepShot('browse.png', 560, 360);

  await clickTreeRow(page, 'Photosynthesis');
  await sleep(1500);
  await page.screenshot({ path: join(out, 'tree.png') });

  await clickTreeRow(page, 'Thermodynamics (draft)');
  await page.keyboard.press('Control+Shift+M');
  await page.locator('.markers-panel .monaco-list-row', { hasText: 'Missing property' }).first().waitFor({ timeout: 10_000 });
  await sleep(1500);
  await page.screenshot({ path: join(out, 'diagnostics.png') });

  await runCommand(page, 'JSONBin: Create Bin');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Course modules' }).waitFor();
  await stepShot('create.png', 1040, 300);
  await page.keyboard.press('Escape');

  // The first problem in place, as the editor's Go to Next Problem shows it.
  await focusEditor(page);
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('F8');
  await page.locator('.marker-widget').waitFor();
  await stepShot('edit.png', 1180, 340);

  // A definition's problems for OpenAI and Anthropic, at their nodes and in the Problems panel (its tab alone open).
  await closeAllEditors(page);
  await clickTreeRow(page, 'Course module definition');
  await page.keyboard.press('Control+Shift+M');
  await page.locator('.markers-panel .monaco-list-row', { hasText: 'Anthropic' }).first().waitFor({ timeout: 10_000 });
  // Only the providers' problems: a tab closed before keeps its own a while.
  await page.getByPlaceholder(/^Filter \(e\.g\. text/).fill('strict mode');
  await page.locator('.markers-panel .monaco-list-row', { hasText: 'Thermodynamics' }).waitFor({ state: 'detached' });
  await focusEditor(page);
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('F8');
  await page.locator('.marker-widget').waitFor();
  await sleep(1500);
  await page.screenshot({ path: join(out, 'definitions.png') });
  console.log(`wrote the pictures in ${out} and ${steps}`);
} finally {
  await browser.close();
  await demo.stop();
}

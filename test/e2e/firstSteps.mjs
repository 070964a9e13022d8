// The first steps: the walkthrough before and after, the key, a bin opened, edited, refused and created.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import {
  activeEditorTitle,
  answerInput,
  clickTreeRow,
  closeAllEditors,
  createdBinShown,
  expandRow,
  focusEditor,
  pick,
  runCommand,
  showJsonBinView,
  treeRow,
} from './workbench.mjs';
import { refusedSave, savedTab, settle, sleep } from './support.mjs';

export async function firstSteps({ page, demo, step, web, puts, paths }) {
  const { publisher, name: extensionName } = createRequire(import.meta.url)('../../package.json');
  const WALKTHROUGH_STEPS = ['setKey', 'browse', 'edit', 'create'];
  /** The walkthrough's steps as its page shows them: each one's id and whether it is ticked. */
  async function walkthroughTicks() {
    await runCommand(page, 'Welcome: Open Walkthrough');
    await pick(page, 'Get started with JSONBin Explorer');
    const steps = page.locator(`.getting-started-step[data-step-id^="${publisher}.${extensionName}#gettingStarted#"]`);
    await steps.first().waitFor();
    const ticks = {};
    for (const shown of await steps.all()) {
      ticks[(await shown.getAttribute('data-step-id')).split('#').at(-1)] = (await shown.getAttribute('aria-checked')) === 'true';
    }
    return ticks;
  }
  const ticked = (...done) => Object.fromEntries(WALKTHROUGH_STEPS.map((id) => [id, done.includes(id)]));
  await step('before anything is done the walkthrough ticks nothing; the JSONBin view opens with a click', async () => {
    assert.deepEqual(await walkthroughTicks(), ticked());
    // As in a new session, where no one has opened the walkthrough yet: VS Code makes what ticks
    // its steps when it is first opened, and a reload forgets it.
    await closeAllEditors(page);
    await runCommand(page, 'Developer: Reload Window');
    await page.locator('.activitybar [aria-label^="JSONBin"]').first().waitFor({ timeout: 60_000 });
    await page.locator('.activitybar [aria-label^="JSONBin"]').first().click();
    await page.locator('.sidebar .title-label', { hasText: 'JSONBin' }).first().waitFor();
  });

  await step('sets the key through the palette; the view fetches only what is expanded', async () => {
    const start = demo.service.log.length;
    await runCommand(page, 'JSONBin: Set API Key');
    await answerInput(page, demo.demo.account.key);
    // The toast after the check's progress says it in a line the notification shows whole.
    const toast = page.locator('.notifications-toasts .notification-list-item-message', { hasText: /^JSONBin: (?!Checking the key)/ }).first();
    await toast.waitFor();
    assert.ok(await toast.evaluate((e) => e.scrollWidth <= e.clientWidth), `the toast is cut off: ${await toast.innerText()}`);
    assert.equal(await toast.innerText(), `JSONBin: Key saved: 1 collection on ${new URL(demo.apiUrl).host}`);
    await showJsonBinView(page);
    await treeRow(page, 'Bins in no collection').waitFor();
    await sleep(500);
    assert.deepEqual(paths(start), ['GET /v3/c'], 'only the key check before anything is expanded');
    await expandRow(page, 'Collections', 'Course modules');
    await expandRow(page, 'Course modules', 'Photosynthesis');
    const refreshed = demo.service.log.length;
    await runCommand(page, 'JSONBin: Refresh View');
    await settle(() => paths(refreshed).length >= 2);
    assert.deepEqual(paths(refreshed).sort(), ['GET /v3/c', `GET /v3/c/${demo.demo.collectionId}/bins`], 'refresh fetches what is expanded, nothing else');
    // Node's undici sends no Origin; the browser's fetch across origins always does.
    const origins = new Set(demo.service.requestsSince(start).map((e) => e.headers.origin ?? 'none'));
    assert.deepEqual(origins.has('none'), !web, `the extension runs in ${web ? 'the browser' : 'Node'} (origins seen: ${[...origins].join(', ')})`);
  });

  await step('opens a bin by clicking it in the tree', async () => {
    const before = demo.service.log.length;
    await clickTreeRow(page, 'Photosynthesis');
    await page.locator('.tabs-container .tab', { hasText: 'Photosynthesis.json' }).waitFor();
    assert.match(await activeEditorTitle(page), /^Photosynthesis/);
    await page.locator('.monaco-editor .view-lines', { hasText: '"title": "Photosynthesis"' }).first().waitFor();
    const reads = demo.service.requestsSince(before).filter((e) => e.path.includes(demo.demo.validBinId));
    assert.equal(reads.length, 1, 'one request opens the bin');
  });

  await step('an edit saved with Ctrl+S arrives as exactly one PUT with the edited record', async () => {
    await focusEditor(page);
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type(' basics');
    await page.locator('.tabs-container .tab.active.dirty', { hasText: 'Photosynthesis.json' }).waitFor();
    const before = puts().length;
    await page.keyboard.press('Control+s');
    await savedTab(page, 'Photosynthesis.json');
    const sent = puts().slice(before);
    assert.equal(sent.length, 1);
    assert.equal(JSON.parse(sent[0].body).title, 'Photosynthesis basics');
    assert.equal(demo.service.store.latest(demo.service.store.bins.get(demo.demo.validBinId)).title, 'Photosynthesis basics');
  });

  await step('a schema break shows in the Problems panel and saving sends nothing', async () => {
    await focusEditor(page);
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Control+Shift+K');
    await page.keyboard.press('Control+Shift+M');
    await page.locator('.markers-panel .monaco-list-row', { hasText: 'Missing property "title"' }).first().waitFor({ timeout: 10_000 });
    const before = puts().length;
    await refusedSave(page);
    assert.equal(puts().length, before, 'a record with schema problems was sent');
    assert.equal(demo.service.store.latest(demo.service.store.bins.get(demo.demo.validBinId)).title, 'Photosynthesis basics');
  });

  await step("Create Bin from the palette asks the collection, takes the active editor's JSON, asks name and privacy, and shows the new bin", async () => {
    await focusEditor(page);
    const before = demo.service.log.length;
    await runCommand(page, 'JSONBin: Create Bin');
    await pick(page, 'No collection');
    await pick(page, 'Use the JSON of the active editor');
    await answerInput(page, 'Copied module');
    await pick(page, 'Public');
    await createdBinShown(page, 'Copied module');
    const [post] = demo.service.requestsSince(before).filter((e) => e.method === 'POST');
    assert.ok(post, 'no create arrived');
    assert.equal(post.headers['x-bin-name'], 'Copied module');
    assert.equal(post.headers['x-bin-private'], 'false');
    assert.equal(JSON.parse(post.body).title, undefined, 'the edited record, without its title');
    assert.equal(JSON.parse(post.body).learningObjectives.length, 3);
  });

  await step('the walkthrough, first opened once its steps are done, shows each ticked', async () => {
    // Key set, view shown, a bin opened (by a row's click, which VS Code runs under an id of its own) and one created.
    assert.deepEqual(await walkthroughTicks(), ticked(...WALKTHROUGH_STEPS));
    await closeAllEditors(page);
  });
}

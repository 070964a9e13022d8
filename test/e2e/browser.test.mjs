// End to end, in a real browser: the packaged extension in code-server against the local bin
// service with demo data. Open the view, expand the demo collection, open a bin by clicking it,
// type an edit and save with the keyboard: exactly one PUT with the edited record arrives. Then
// break the schema: the problem shows in the Problems panel and saving sends nothing. Last, Create
// Bin from the palette, answering its prompts, sends the active editor's JSON.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { startDemo } from '../../scripts/start.mjs';
import { activeEditorTitle, answerInput, clickTreeRow, focusEditor, openWorkbench, pick, runCommand, showJsonBinView, treeRow } from './workbench.mjs';

const results = [];
async function step(name, body) {
  try {
    await body();
    results.push(true);
    console.log(`  ✔ ${name}`);
  } catch (error) {
    results.push(false);
    console.log(`  ✖ ${name}\n    ${error instanceof Error ? error.stack : error}`);
    throw error;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Waits up to 10 s for `done()`, then a little more so that any request that follows is seen too. */
async function settle(done) {
  for (const deadline = Date.now() + 10_000; !done() && Date.now() < deadline; ) await sleep(100);
  await sleep(500);
}
const demo = await startDemo({ log: () => undefined });
const { browser, page } = await openWorkbench(demo.url);
const puts = () => demo.service.log.filter((e) => e.method === 'PUT');
const paths = (mark) => demo.service.requestsSince(mark).map((e) => `${e.method} ${e.path}`);
console.log('browser end-to-end');
try {
  await step('sets the key through the palette; the view fetches only what is expanded', async () => {
    const start = demo.service.log.length;
    await runCommand(page, 'JSONBin: Set API Key');
    await answerInput(page, demo.demo.account.key);
    await showJsonBinView(page);
    await treeRow(page, 'Bins in no collection').waitFor();
    await sleep(500);
    assert.deepEqual(paths(start), ['GET /v3/c'], 'only the key check before anything is expanded');
    await clickTreeRow(page, 'Collections');
    await clickTreeRow(page, 'Course modules');
    await treeRow(page, 'Photosynthesis').waitFor();
    const refreshed = demo.service.log.length;
    await runCommand(page, 'JSONBin: Refresh');
    await settle(() => paths(refreshed).length >= 2);
    assert.deepEqual(paths(refreshed).sort(), ['GET /v3/c', `GET /v3/c/${demo.demo.collectionId}/bins`], 'refresh fetches what is expanded, nothing else');
  });

  await step('opens a bin by clicking it in the tree', async () => {
    const before = demo.service.log.length;
    await clickTreeRow(page, 'Photosynthesis');
    await page.locator('.tabs-container .tab', { hasText: 'Photosynthesis.json' }).waitFor();
    assert.match(await activeEditorTitle(page), /^Photosynthesis/);
    await sleep(500);
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
    const before = puts().length;
    await page.keyboard.press('Control+s');
    await settle(() => puts().length > before);
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
    await focusEditor(page);
    await page.keyboard.press('Control+s');
    await sleep(1500);
    assert.equal(puts().length, before, 'a record with schema problems was sent');
    assert.equal(demo.service.store.latest(demo.service.store.bins.get(demo.demo.validBinId)).title, 'Photosynthesis basics');
  });

  await step('Create Bin from the palette takes the active editor\'s JSON, asking name, collection and privacy, and shows the new bin', async () => {
    await focusEditor(page);
    const before = demo.service.log.length;
    await runCommand(page, 'JSONBin: Create Bin');
    await pick(page, 'Use the JSON of the active editor');
    await answerInput(page, 'Copied module');
    await pick(page, 'No collection');
    await pick(page, 'Public');
    await settle(() => demo.service.requestsSince(before).some((e) => e.method === 'POST'));
    const [post] = demo.service.requestsSince(before).filter((e) => e.method === 'POST');
    assert.ok(post, 'no create arrived');
    assert.equal(post.headers['x-bin-name'], 'Copied module');
    assert.equal(post.headers['x-bin-private'], 'false');
    assert.equal(JSON.parse(post.body).title, undefined, 'the edited record, without its title');
    assert.equal(JSON.parse(post.body).learningObjectives.length, 3);
    await page.locator('.tabs-container .tab', { hasText: 'Copied module' }).waitFor();
    await page.locator('.pane-body .monaco-list-row.selected', { hasText: 'Copied module' }).waitFor({ timeout: 10_000 });
  });
} catch {
  await page.screenshot({ path: join(import.meta.dirname, '..', '..', '.vscode-test', 'e2e-failure.png') }).catch(() => undefined);
} finally {
  await browser.close();
  await demo.stop();
}
const passed = results.filter(Boolean).length;
console.log(`e2e: ${passed} passed, ${results.length - passed} failed`);
process.exit(results.length === 5 && passed === 5 ? 0 : 1);

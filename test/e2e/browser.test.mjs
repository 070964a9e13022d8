// End to end, in a real browser: the packaged extension in code-server against the local bin
// service with demo data. Open the view, expand the demo collection, open a bin by clicking it,
// type an edit and save with the keyboard: exactly one PUT with the edited record arrives. Then
// break the schema: the problem shows in the Problems panel and saving sends nothing. Last, Create
// Bin from the palette, answering its prompts, sends the active editor's JSON; into a collection
// with a schema doc, it opens the record in an untitled tab. The walkthrough, opened only after its
// steps were done, shows each ticked. The table's steps (Open as Table) are in table.mjs, Change
// Bins' in changeBins.mjs.
// With --web, the same steps with the packaged extension in the browser's web worker host
// (`npm start -- --web`): every request it sends then carries the browser's Origin.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startDemo } from '../../scripts/start.mjs';
import { changeSteps } from './changeBins.mjs';
import { tableSteps } from './table.mjs';
import {
  activeEditorTitle,
  answerDialog,
  closeAllEditors,
  answerInput,
  clickEditorTitle,
  clickExplorerMenu,
  clickRowButton,
  clickRowMenu,
  rowMenuItems,
  clickTreeRow,
  createdBinShown,
  exactRow,
  expandRow,
  focusEditor,
  openFromTree,
  openWorkbench,
  pick,
  runCommand,
  showJsonBinView,
  treeRow,
} from './workbench.mjs';

const results = [];
const STEPS = 29;
// `--grep <regex>`: only the steps whose name matches run, the others are skipped; each step starts
// from what the steps before it left, so a grep names those it needs (`--grep "sets the key|table:"`).
const grepAt = process.argv.indexOf('--grep');
const grep = grepAt > 0 ? new RegExp(process.argv[grepAt + 1]) : undefined;
let reached = 0;
async function step(name, body) {
  reached++;
  if (grep && !grep.test(name)) {
    return;
  }
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
/** Waits until `probe()` holds (the service saw a request, a row appeared), failing after 20 s. */
async function until(probe, what) {
  for (const deadline = Date.now() + 20_000; !(await probe());) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
/** Waits up to 10 s for `done()`, then a little more so that any request that follows is seen too. */
async function settle(done) {
  for (const deadline = Date.now() + 10_000; !done() && Date.now() < deadline;) await sleep(100);
  await sleep(500);
}
/** A save is done once its tab is no longer marked dirty. */
async function savedTab(page, title) {
  await page.locator('.tabs-container .tab.active:not(.dirty)', { hasText: title }).waitFor();
}
/**
 * Saves the active tab with Ctrl+S, refused for a schema problem: one notification says it, VS
 * Code's (a file system provider cannot avoid it), with the extension's reason and a Show Problems
 * link that opens the Problems panel; the extension adds none of its own. The notifications are
 * cleared first, and the Problems panel hidden, so that what follows is the save's alone.
 */
async function refusedSave(page) {
  await runCommand(page, 'Notifications: Clear All Notifications');
  await page.locator('.notifications-toasts .notification-toast').first().waitFor({ state: 'detached' });
  if (await page.locator('.markers-panel').first().isVisible()) {
    await page.keyboard.press('Control+j');
    await page.locator('.markers-panel').first().waitFor({ state: 'hidden' });
  }
  await focusEditor(page);
  await page.keyboard.press('Control+s');
  const toasts = page.locator('.notifications-toasts .notification-toast');
  const refusal = toasts.filter({
    has: page.locator('.notification-list-item-message', {
      hasText: /Failed to save '[^']+': Unable to write file '[^']+' \(Not saved: \d+ schema problems? against schema doc "[^"]+": .+\. Show Problems\)/,
    }),
  });
  await refusal.waitFor();
  // A message of the extension's would show first (sent before the write's failure is answered): a
  // second is a little time for one drawn late.
  await sleep(1000);
  assert.equal(await toasts.count(), 1, `one notification, not: ${(await toasts.allInnerTexts()).join(' | ')}`);
  await refusal.locator('.notification-list-item-message a', { hasText: 'Show Problems' }).click();
  await page.locator('.markers-panel').first().waitFor();
}
const web = process.argv.includes('--web');
const demo = await startDemo({ log: () => undefined, web });
const { browser, page } = await openWorkbench(demo.url);
const puts = () => demo.service.log.filter((e) => e.method === 'PUT');
const paths = (mark) => demo.service.requestsSince(mark).map((e) => `${e.method} ${e.path}`);
console.log(web ? "browser end-to-end, the extension in the browser's web worker host" : 'browser end-to-end');
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
try {
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
  // Every row kind: one inline button and one context-menu item, each checked by its effect.
  const requestsFrom = (mark, method) => demo.service.requestsSince(mark).filter((e) => e.method === method);
  const afterClick = async (method, what, click) => {
    const mark = demo.service.log.length;
    await click();
    await until(() => requestsFrom(mark, method).length > 0, what);
    return requestsFrom(mark, method);
  };

  await step('bins in no collection: inline Add Bin by Id, context Create Bin', async () => {
    await closeAllEditors(page);
    await expandRow(page, 'Bins in no collection', 'Copied module');
    const [read] = await afterClick('GET', 'the added bin to be read', async () => {
      await clickRowButton(page, 'Bins in no collection', 'Add Bin by Id or Link');
      await answerInput(page, demo.demo.looseBinId);
    });
    assert.equal(read.path, `/v3/b/${demo.demo.looseBinId}/latest`);
    // The added bin opened; with no JSON editor active, Create Bin asks for the record.
    await page.locator('.tabs-container .tab', { hasText: 'Editor preferences.json' }).waitFor();
    await closeAllEditors(page);
    const [post] = await afterClick('POST', 'a create', async () => {
      await clickRowMenu(page, 'Bins in no collection', 'Create Bin...');
      await answerInput(page, '{"from": "context menu"}');
      await answerInput(page, 'From the menu');
      await pick(page, 'Private');
    });
    assert.equal(post.body, '{"from": "context menu"}', 'the JSON as typed');
    assert.equal(post.headers['x-collection-id'], undefined);
    await createdBinShown(page, 'From the menu');
  });

  await step('remembered bin: context Remove from List, inline Delete Bin with its confirmation', async () => {
    await closeAllEditors(page);
    const menuItem = page.getByRole('menuitem', { name: 'Remove Bin from List', exact: true });
    await clickRowMenu(page, 'Editor preferences', 'Remove Bin from List');
    // Still listed by the service among the bins in no collection, but no longer one the user added.
    await until(async () => {
      await exactRow(page, 'Editor preferences').click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'Rename Bin...', exact: true }).waitFor();
      const gone = (await menuItem.count()) === 0;
      await page.keyboard.press('Escape');
      return gone;
    }, 'the row to lose Remove Bin from List');
    const [deleted] = await afterClick('DELETE', 'the delete', async () => {
      await clickRowButton(page, 'Copied module', 'Delete Bin');
      await answerDialog(page, 'Delete');
    });
    assert.match(deleted.path, /^\/v3\/b\/[0-9a-f]{24}$/);
    await until(async () => (await exactRow(page, 'Copied module').count()) === 0, 'the deleted row to go');
  });

  await step('collections: inline and context Create Collection, then a plain collection: inline Create Bin, context Attach Schema Doc', async () => {
    const [post] = await afterClick('POST', 'a collection', async () => {
      await clickRowButton(page, 'Collections', 'Create Collection');
      await answerInput(page, 'E2E plain');
    });
    assert.equal(post.path, '/v3/c');
    await exactRow(page, 'E2E plain').waitFor();
    const [second] = await afterClick('POST', 'a second collection', async () => {
      await clickRowMenu(page, 'Collections', 'Create Collection...');
      await answerInput(page, 'E2E second');
    });
    assert.equal(second.headers['x-collection-name'], 'E2E second');
    await exactRow(page, 'E2E second').waitFor();
    const [bin] = await afterClick('POST', 'a bin in the collection', async () => {
      await clickRowButton(page, 'E2E plain', 'Create Bin');
      await answerInput(page, '{"a": 1}');
      await answerInput(page, 'In plain');
      await pick(page, 'Public');
    });
    const plain = [...demo.service.store.collections.values()].find((c) => c.name === 'E2E plain');
    assert.equal(bin.headers['x-collection-id'], plain.id, 'created in the collection');
    await createdBinShown(page, 'In plain');
    const [attach] = await afterClick('PUT', 'the attach', async () => {
      await clickRowMenu(page, 'E2E plain', 'Attach Schema Doc...');
      await answerInput(page, demo.demo.schemaDocId);
    });
    assert.equal(attach.path, `/v3/c/${bin.headers['x-collection-id']}/schemadoc/add`);
    await page.locator('.pane-body .monaco-list-row', { hasText: 'E2E plain' }).locator('.label-description', { hasText: 'schema' }).waitFor();
  });

  await step("schema'd collection: context Detach Schema Doc, Create Bin opens an untitled tab; schema doc row: inline and context Open", async () => {
    const [detach] = await afterClick('PUT', 'the detach', async () => {
      await clickRowMenu(page, 'E2E plain', 'Detach Schema Doc');
    });
    assert.match(detach.path, /\/schemadoc\/remove$/);
    await exactRow(page, 'E2E plain').locator('.label-description', { hasText: 'schema' }).waitFor({ state: 'detached' });
    await clickRowButton(page, 'Schema doc', 'Open Schema Doc');
    await page.locator('.tabs-container .tab', { hasText: 'Course module.json' }).waitFor();
    await closeAllEditors(page);
    await clickRowMenu(page, 'Schema doc', 'Open Schema Doc');
    await page.locator('.tabs-container .tab', { hasText: 'Course module.json' }).waitFor();
    const [bin] = await afterClick('POST', 'a bin checked against the schema doc', async () => {
      await closeAllEditors(page);
      await clickRowButton(page, 'Course modules', 'Create Bin');
      // The record its schema doc requires opens in an untitled tab, whose CodeLens creates the bin.
      await page.locator('.tabs-container .tab.active', { hasText: 'Untitled' }).waitFor();
      await page.locator('.monaco-editor .view-lines', { hasText: '"learningObjectives": [' }).first().waitFor();
      const lens = page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Create Bin in Course modules' });
      await lens.waitFor();
      // Without its title the module is refused before sending, nothing asked. Then a plain one goes.
      await focusEditor(page);
      await page.keyboard.press('Control+Home');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Control+Shift+K');
      await lens.click();
      await page
        .locator('.notifications-toasts', { hasText: /Not created: \d+ schema problem/ })
        .first()
        .waitFor();
      await clickRowButton(page, 'E2E plain', 'Create Bin');
      // The untitled tab, kept as edited, is offered as the active editor's JSON.
      await pick(page, 'Type the JSON');
      await answerInput(page, '{"b": 2}');
      await answerInput(page, 'Second in plain');
      await pick(page, 'Private');
    });
    assert.equal(bin.body, '{"b": 2}', 'the JSON as typed');
    await createdBinShown(page, 'Second in plain');
  });

  await step("bin row's menu: at most 10 items, Open, Copy, Versions and Schema as submenus, the toggle worded by the row, Delete last", async () => {
    const items = await rowMenuItems(page, 'Photosynthesis');
    console.log(`      the bin row's menu: ${items.length} items: ${items.join(' | ')}`);
    assert.ok(items.length <= 10, `${items.length} items: ${items.join(', ')}`);
    for (const expected of ['Open', 'Copy', 'Versions', 'Schema', 'Change Bins...', 'Make Public']) {
      assert.ok(items.includes(expected), `no ${expected} among ${items.join(', ')}`);
    }
    assert.ok(!items.includes('Make Private'), 'a private bin is not offered Make Private');
    assert.equal(items.at(-1), 'Delete Bin...');
  });

  await step('several bins selected with Ctrl and Shift: nothing opens, and their menu offers only what acts on them all', async () => {
    await closeAllEditors(page);
    // A plain click opens a bin: that row starts the selection.
    await openFromTree(page, 'Plate tectonics (public)', 'Plate tectonics (public).json');
    const mark = demo.service.log.length;
    // Shift extends the selection from that row; Ctrl adds one more.
    await exactRow(page, 'Photosynthesis').click({ modifiers: ['Shift'] });
    await exactRow(page, 'Thermodynamics (draft)').click({ modifiers: ['Control'] });
    for (const label of ['Plate tectonics (public)', 'Photosynthesis', 'Thermodynamics (draft)']) {
      await exactRow(page, label, '.selected').waitFor();
    }
    // What a click's open would have sent comes within moments; a selection reads neither bin.
    await sleep(1500);
    const readsOfSelected = () => paths(mark).filter((p) => p.includes(demo.demo.validBinId) || p.includes(demo.demo.brokenBinId));
    assert.deepEqual(readsOfSelected(), [], 'selecting with Ctrl and Shift reads nothing');
    assert.deepEqual(await page.locator('.tabs-container .tab .label-name').allInnerTexts(), ['Plate tectonics (public)'], 'and opens no tab');
    // Two private bins and a public one: no Rename, no Versions or Open submenu, no public URL.
    const items = await rowMenuItems(page, 'Photosynthesis');
    console.log(`      the menu of 3 selected bins: ${items.join(' | ')}`);
    assert.deepEqual(items, ['Open as Table', 'Copy Bin Id', 'Change Bins...', 'Save Bin as File...', 'Schema', 'Delete Bin...']);
    await clickRowMenu(page, 'Photosynthesis', 'Copy Bin Id');
    await page.locator('.statusbar', { hasText: 'copied 3 bin ids' }).waitFor();
    assert.deepEqual(readsOfSelected(), [], 'copying the ids reads nothing');
  });

  await step(`a bin tab's "More Actions" menu: the extension's items in a group of their own, apart from VS Code's`, async () => {
    await openFromTree(page, 'Plate tectonics (public)', 'Plate tectonics (public).json');
    await page.locator('.editor-group-container.active .editor-actions .action-label[aria-label^="More Actions"]').click();
    const menu = page.locator('.monaco-menu').first();
    await menu.getByRole('menuitem').first().waitFor({ timeout: 10_000 });
    // Each item by its label, a separator as "—".
    const entries = await menu
      .locator('.actions-container > li')
      .evaluateAll((items) => items.map((li) => (li.querySelector('.separator') ? '—' : li.innerText.split('\n')[0].trim())));
    await page.keyboard.press('Escape');
    console.log(`      the bin tab's "More Actions": ${entries.join(' | ')}`);
    const ours = ['Open Version...', 'Open JSON Path...', 'Open Record Only', 'Refresh from Service', 'Save Bin as File...', 'Copy', 'Draft Schema Doc'];
    assert.deepEqual(entries.slice(0, ours.length + 1), [...ours, '—'], 'first, one group');
    assert.ok(entries.length > ours.length + 1, "VS Code's own follow");
    assert.ok(!entries.slice(ours.length).some((e) => ours.includes(e)), 'none of ours among them');
  });

  await step('bin: inline Copy Bin Id shows it copied, context Rename Bin renames the row and its tab', async () => {
    await openFromTree(page, 'Photosynthesis', 'Photosynthesis.json');
    await clickRowButton(page, 'Photosynthesis', 'Copy Bin Id');
    await page.locator('.statusbar', { hasText: `copied bin id ${demo.demo.validBinId}` }).waitFor();
    const [rename] = await afterClick('PUT', 'the rename', async () => {
      await clickRowMenu(page, 'Photosynthesis', 'Rename Bin...');
      await answerInput(page, 'Photosynthesis renamed');
    });
    assert.equal(rename.path, `/v3/b/${demo.demo.validBinId}/meta/name`);
    await exactRow(page, 'Photosynthesis renamed').waitFor();
    await page.locator('.tabs-container .tab', { hasText: 'Photosynthesis renamed.json' }).waitFor();
  });

  await step('editor title: Compare with Version, Open Version and Copy Bin Id on a bin tab', async () => {
    const stored = demo.service.store.bins.get(demo.demo.publicBinId);
    demo.service.store.update(stored, { ...demo.service.store.latest(stored), title: 'Plate tectonics, second edition' });
    await closeAllEditors(page);
    await openFromTree(page, 'Plate tectonics (public)', 'Plate tectonics (public).json');
    const mark = demo.service.log.length;
    await clickEditorTitle(page, 'Compare with Version...');
    await pick(page, 'Base record');
    await page.locator('.tabs-container .tab', { hasText: 'version 0 ↔ current' }).waitFor();
    await until(() => demo.service.requestsSince(mark).some((e) => e.path === `/v3/b/${demo.demo.publicBinId}/0`), 'the base record to be read');
    await openFromTree(page, 'Plate tectonics (public)', 'Plate tectonics (public).json');
    await clickEditorTitle(page, 'Open Version...');
    await pick(page, 'Version 1');
    await page.locator('.tabs-container .tab', { hasText: '(version 1).json' }).waitFor();
    await openFromTree(page, 'Plate tectonics (public)', 'Plate tectonics (public).json');
    await clickEditorTitle(page, ['Copy', 'Copy Bin Id']);
    await page.locator('.statusbar', { hasText: `copied bin id ${demo.demo.publicBinId}` }).waitFor();
  });

  await step('Explorer: Upload as Bin on a local JSON file sends its text as written, offers to link the file, and the bin shows in the view', async () => {
    await closeAllEditors(page);
    const text = readFileSync(join(demo.workspace, 'optics-module.json'), 'utf8');
    const mark = demo.service.log.length;
    await clickExplorerMenu(page, 'optics-module.json', 'Upload as Bin');
    await pick(page, 'No collection');
    await until(() => demo.service.requestsSince(mark, 'POST').length > 0, 'the create');
    // A workspace file: nothing modal is asked; the result's notification offers the link (jsonbin.links.offerAfterTransfer asks).
    const result = page.locator('.notifications-toasts .notification-toast', { hasText: 'Created 1 bin in no collection. Link the file to the bin?' });
    await result.locator('.monaco-button', { hasText: 'Link File to Bin' }).click();
    await page
      .locator('.notifications-toasts', { hasText: 'optics-module.json is linked to bin "optics-module": Push to Bin and Pull from Bin keep them together.' })
      .first()
      .waitFor();
    const writes = demo.service.requestsSince(mark).filter((e) => e.method !== 'GET');
    assert.deepEqual(
      writes.map((e) => `${e.method} ${e.path}`),
      ['POST /v3/b'],
      'one create, no other write',
    );
    assert.equal(writes[0].body, text, "the file's text as written");
    assert.equal(writes[0].headers['x-bin-name'], 'optics-module');
    const linkFile = join(demo.workspace, '.vscode', 'jsonbin-links.json');
    await until(() => existsSync(linkFile), 'the link file');
    const links = readFileSync(linkFile, 'utf8');
    assert.match(links, /"file": "optics-module\.json"/);
    assert.ok(!links.includes(demo.demo.account.key), 'no key in the link file');
    await showJsonBinView(page);
    await expandRow(page, 'Bins in no collection', 'optics-module');
    // The bin's tab and the file's tab, side by side, read differently: the bin's says JSONBin.
    await openFromTree(page, 'optics-module', 'optics-module.json · JSONBin');
    await runCommand(page, 'View: Show Explorer');
    await page
      .locator('.explorer-folders-view .monaco-list-row', { has: page.locator('.label-name', { hasText: /^optics-module\.json$/ }) })
      .first()
      .dblclick();
    await page.locator('.tabs-container .tab.active', { hasText: 'optics-module.json' }).filter({ hasNotText: 'JSONBin' }).waitFor();
    const tabs = (await page.locator('.tabs-container .tab').allInnerTexts()).filter((t) => t.startsWith('optics-module')).sort();
    console.log(`      the two tabs: ${tabs.map((t) => JSON.stringify(t)).join(' and ')}`);
    assert.equal(tabs.length, 2);
    assert.match(tabs[1], /^optics-module\.json · JSONBin/, "the bin's tab");
    assert.doesNotMatch(tabs[0], /JSONBin/, "the file's tab");
    // The file changed here: the Source Control view lists it to push, with no commit message box (nothing is committed).
    await focusEditor(page);
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('"reviewed": true,');
    await page.keyboard.press('Control+s');
    await page.locator('.tabs-container .tab.active:not(.dirty)', { hasText: 'optics-module.json' }).waitFor();
    await page.keyboard.press('Control+Shift+G');
    await page.locator('.scm-view .monaco-list-row', { hasText: 'optics-module.json' }).first().waitFor();
    assert.equal(await page.locator('.scm-view .scm-editor').count(), 0, 'no commit message box');
    await showJsonBinView(page);
  });

  await step('version tab: Restore This Version shows the diff, asks, and makes the version the latest record with one PUT', async () => {
    await closeAllEditors(page);
    await showJsonBinView(page);
    await openFromTree(page, 'Plate tectonics (public)', 'Plate tectonics (public).json');
    await clickEditorTitle(page, 'Open Version...');
    await pick(page, 'Base record');
    await page.locator('.tabs-container .tab.active', { hasText: '(version 0).json' }).waitFor();
    const { store } = demo.service;
    const stored = store.bins.get(demo.demo.publicBinId);
    const version = store.version(stored, 0);
    assert.notDeepEqual(store.latest(stored), version, 'the base record is not the latest record yet');
    const mark = demo.service.log.length;
    await clickEditorTitle(page, 'Restore Version...');
    await page.locator('.monaco-dialog-box', { hasText: 'Restore version 0' }).waitFor();
    assert.deepEqual(demo.service.requestsSince(mark, 'PUT'), [], 'nothing is sent before the user says so');
    await answerDialog(page, 'Restore');
    await page
      .locator('.notifications-toasts', { hasText: `version 0 of bin ${demo.demo.publicBinId} is its latest record again` })
      .first()
      .waitFor();
    const written = demo.service.requestsSince(mark, 'PUT');
    assert.deepEqual(
      written.map((e) => e.path),
      [`/v3/b/${demo.demo.publicBinId}`],
      'one PUT',
    );
    assert.deepEqual(JSON.parse(written[0].body), version);
    assert.deepEqual(store.latest(stored), version);
  });

  await step(
    'a second account on another service: a bin of each open side by side, and both tabs restore after a reload; removing it asks whether its offline copy goes too',
    async () => {
      const { BinService } = createRequire(import.meta.url)('../../out/test/service/server.js');
      const staging = new BinService();
      const stagingUrl = await staging.start();
      try {
        const owner = staging.addAccount('free');
        const stagingBin = staging.store.createBin(owner, { stage: 'staging' }, { name: 'Staging settings', private: true });
        await closeAllEditors(page);
        await runCommand(page, 'JSONBin: Add Account...');
        await answerInput(page, 'Staging');
        await answerInput(page, stagingUrl);
        await pick(page, 'Master key');
        await answerInput(page, owner.key);
        await treeRow(page, 'Staging').waitFor();
        // The new account is active: Open Bin reads from its service.
        await runCommand(page, 'JSONBin: Open Bin');
        await answerInput(page, stagingBin.id);
        await page.locator('.tabs-container .tab', { hasText: 'Staging settings.json' }).waitFor();
        await runCommand(page, 'JSONBin: Switch Account...');
        await pick(page, 'Default');
        await runCommand(page, 'JSONBin: Open Bin');
        await answerInput(page, demo.demo.validBinId);
        await page.locator('.tabs-container .tab', { hasText: 'Photosynthesis.json' }).waitFor();
        await sleep(1000);

        const [beforeHere, beforeThere] = [demo.service.log.length, staging.log.length];
        // As the user reloads: the workbench stores its editors, then the page loads again.
        await runCommand(page, 'Developer: Reload Window');
        await page.locator('.activitybar [aria-label^="JSONBin"]').first().waitFor({ timeout: 60_000 });
        await page.locator('.tabs-container .tab', { hasText: 'Staging settings.json' }).waitFor({ timeout: 30_000 });
        await page.locator('.tabs-container .tab', { hasText: 'Photosynthesis.json' }).waitFor({ timeout: 30_000 });
        // Each restored tab is read from its own account's service when shown (VS Code loads the active one first).
        await until(
          () => demo.service.requestsSince(beforeHere).some((e) => e.path === `/v3/b/${demo.demo.validBinId}/latest` && e.status === 200),
          'the default tab read again',
        );
        await page.locator('.tabs-container .tab', { hasText: 'Staging settings.json' }).click();
        await until(
          () => staging.requestsSince(beforeThere).some((e) => e.path === `/v3/b/${stagingBin.id}/latest` && e.status === 200),
          'the staging tab read again',
        );
        await page.locator('.monaco-editor .view-lines', { hasText: '"stage": "staging"' }).first().waitFor({ timeout: 10_000 });
        assert.ok(
          !demo.service.requestsSince(beforeHere).some((e) => e.path.includes(stagingBin.id)),
          'the default service was never asked for the staging bin',
        );
        assert.ok(
          !staging.requestsSince(beforeThere).some((e) => e.path.includes(demo.demo.validBinId)),
          'the staging service was never asked for the default bin',
        );
        await closeAllEditors(page);
        await runCommand(page, 'JSONBin: Remove Account...');
        await pick(page, 'Staging');
        await answerDialog(page, 'Remove Account');
        // Its bin was read, so a copy of it is kept offline: the second question is whether that goes too.
        await page.locator('.monaco-dialog-box', { hasText: "Also delete the offline copy of Staging's bins?" }).waitFor();
        await answerDialog(page, 'Delete Offline Copies');
        await treeRow(page, 'Collections').waitFor();
      } finally {
        await staging.stop();
      }
    },
  );

  await tableSteps({ page, demo, step, until });

  await changeSteps({ page, demo, step, until });

  await step('against a minimal service, a bin listed under its collection is still validated after a reload, and a breaking save sends nothing', async () => {
    // Reads no longer say which collection a bin is in: only the listing tells, before the reload.
    demo.service.minimal = true;
    const { store } = demo.service;
    const record = { ...store.latest(store.bins.get(demo.demo.validBinId)) };
    delete record.title;
    const bin = store.createBin(demo.demo.account, record, { name: 'Untitled module', private: true, collectionId: demo.demo.collectionId });
    await closeAllEditors(page);
    await runCommand(page, 'JSONBin: Refresh View');
    // Minimal listings carry no names: the row shows the id.
    await expandRow(page, 'Collections', 'Course modules');
    await expandRow(page, 'Course modules', bin.id);
    await sleep(1000);
    await page.reload();
    await page.locator('.activitybar [aria-label^="JSONBin"]').first().waitFor({ timeout: 60_000 });
    // With no bin tab active, Open Bin asks which bin.
    await closeAllEditors(page);
    await runCommand(page, 'JSONBin: Open Bin');
    await answerInput(page, bin.id);
    await page.locator('.tabs-container .tab', { hasText: `${bin.id}.json` }).waitFor();
    await page.keyboard.press('Control+Shift+M');
    await page.locator('.markers-panel .monaco-list-row', { hasText: 'Missing property "title"' }).first().waitFor({ timeout: 10_000 });
    await focusEditor(page);
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' ');
    const before = demo.service.log.length;
    await refusedSave(page);
    assert.ok(!demo.service.requestsSince(before).some((e) => e.method === 'PUT'), 'a record with schema problems was sent');
  });
} catch {
  await page.screenshot({ path: join(import.meta.dirname, '..', '..', '.vscode-test', `e2e-failure${web ? '-web' : ''}.png`) }).catch(() => undefined);
} finally {
  await browser.close();
  await demo.stop();
}
const passed = results.filter(Boolean).length;
const skipped = reached - results.length;
console.log(`e2e${web ? ' (web worker host)' : ''}: ${passed} passed, ${results.length - passed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(reached === STEPS && results.length > 0 && passed === results.length ? 0 : 1);

// Every row kind of the view: its inline buttons and context menus, a selection of several bins, a tab's More Actions.
import * as assert from 'node:assert/strict';
import {
  answerDialog,
  answerInput,
  clickRowButton,
  clickRowMenu,
  closeAllEditors,
  createdBinShown,
  exactRow,
  expandRow,
  focusEditor,
  openFromTree,
  pick,
  rowMenuItems,
} from './workbench.mjs';
import { sleep, until } from './support.mjs';

export async function treeRowSteps({ page, demo, step, paths }) {
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
    const tabs = await page.locator('.tabs-container .tab .label-name').allInnerTexts();
    assert.equal(tabs.length, 1, `and opens no tab: ${tabs.join(', ')}`);
    assert.match(tabs[0], /^Plate tectonics \(public\)/);
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
}

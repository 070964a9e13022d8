// A bin tab's title actions, a workspace file uploaded and linked, a version restored.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  answerDialog,
  clearNotifications,
  clickEditorTitle,
  clickExplorerMenu,
  clickNotificationButton,
  closeAllEditors,
  expandRow,
  focusEditor,
  openFromTree,
  pick,
  runCommand,
  showJsonBinView,
} from './workbench.mjs';
import { until } from './support.mjs';

export async function fileAndVersionSteps({ page, demo, step }) {
  await step('editor title: Compare with Version, Open Version and Copy Bin Id on a bin tab', async () => {
    const stored = demo.service.store.bins.get(demo.demo.publicBinId);
    demo.service.store.update(stored, { ...demo.service.store.latest(stored), title: 'Plate tectonics, second edition' });
    await closeAllEditors(page);
    await openFromTree(page, 'Plate tectonics (public)', 'Plate tectonics (public).json');
    // Earlier steps opened this bin before the service changed it: VS Code keeps a closed tab's
    // text a while and shows it again without a read, so the user refreshes it, as they would.
    await clickEditorTitle(page, 'Refresh from Service');
    await page.locator('.editor-instance .monaco-editor .view-lines', { hasText: 'second edition' }).first().waitFor();
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
    await clearNotifications(page);
    const text = readFileSync(join(demo.workspace, 'optics-module.json'), 'utf8');
    const mark = demo.service.log.length;
    await clickExplorerMenu(page, 'optics-module.json', 'Upload as Bin');
    await pick(page, 'No collection');
    await until(() => demo.service.requestsSince(mark, 'POST').length > 0, 'the create');
    // A workspace file: nothing modal is asked; the result's notification offers the link (jsonbin.links.offerAfterTransfer asks).
    const result = page.locator('.notifications-toasts .notification-toast', { hasText: 'Created 1 bin in no collection. Link the file to the bin?' });
    await clickNotificationButton(result, 'Link File to Bin');
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
}

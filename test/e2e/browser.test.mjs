// End to end, in a real browser: the packaged extension in code-server against the local bin
// service with demo data, driven as a person would, one step after another, each starting from what
// the one before it left. The steps live by what they try: firstSteps.mjs (the walkthrough, the key,
// a bin opened, edited, refused and created), treeRows.mjs (every row kind's buttons and menus, a
// selection), filesAndVersions.mjs, accounts.mjs, table.mjs and changeBins.mjs; the last one, against
// a minimal service, is here. support.mjs holds what they wait with, workbench.mjs how they act.
// With --web, the same steps with the packaged extension in the browser's web worker host
// (`npm start -- --web`): every request it sends then carries the browser's Origin.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { startDemo } from '../../scripts/start.mjs';
import { accountSteps } from './accounts.mjs';
import { changeSteps } from './changeBins.mjs';
import { fileAndVersionSteps } from './filesAndVersions.mjs';
import { firstSteps } from './firstSteps.mjs';
import { tableSteps } from './table.mjs';
import { treeRowSteps } from './treeRows.mjs';
import { closeAllEditors, answerInput, expandRow, focusEditor, openWorkbench, runCommand } from './workbench.mjs';
import { sleep, refusedSave, until } from './support.mjs';

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

const web = process.argv.includes('--web');
const demo = await startDemo({ log: () => undefined, web });
const { browser, page } = await openWorkbench(demo.url);
const puts = () => demo.service.log.filter((e) => e.method === 'PUT');
const paths = (mark) => demo.service.requestsSince(mark).map((e) => `${e.method} ${e.path}`);
console.log(web ? "browser end-to-end, the extension in the browser's web worker host" : 'browser end-to-end');
try {
  const context = { page, demo, step, web, puts, paths };
  await firstSteps(context);
  await treeRowSteps(context);
  await fileAndVersionSteps(context);
  await accountSteps(context);

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

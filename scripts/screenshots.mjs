// Takes the README's pictures against the `npm start` setup: the tree with the demo collection,
// and a bin with inline schema problems. Run `npm run screenshots` to refresh them.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { answerInput, clickTreeRow, openWorkbench, runCommand, showJsonBinView } from '../test/e2e/workbench.mjs';
import { startDemo } from './start.mjs';

const out = resolve(import.meta.dirname, '..', 'docs', 'images');
mkdirSync(out, { recursive: true });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const demo = await startDemo({ log: () => undefined });
const { browser, page } = await openWorkbench(demo.url);
try {
  await runCommand(page, 'JSONBin: Set API Key');
  await answerInput(page, demo.demo.account.key);
  await showJsonBinView(page);
  await clickTreeRow(page, 'Collections');
  await clickTreeRow(page, 'Course modules');
  await clickTreeRow(page, 'Bins in no collection');
  await clickTreeRow(page, 'Photosynthesis');
  await sleep(1500);
  await page.screenshot({ path: join(out, 'tree.png') });

  await clickTreeRow(page, 'Thermodynamics (draft)');
  await page.keyboard.press('Control+Shift+M');
  await page.locator('.markers-panel .monaco-list-row', { hasText: 'Missing property' }).first().waitFor({ timeout: 10_000 });
  await sleep(1500);
  await page.screenshot({ path: join(out, 'diagnostics.png') });
  console.log(`wrote ${join(out, 'tree.png')} and ${join(out, 'diagnostics.png')}`);
} finally {
  await browser.close();
  await demo.stop();
}

// A second account on another service: bins of both side by side, restored after a reload, removed.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { answerDialog, answerInput, closeAllEditors, pick, runCommand, treeRow } from './workbench.mjs';
import { sleep, until } from './support.mjs';

export async function accountSteps({ page, demo, step }) {
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
}

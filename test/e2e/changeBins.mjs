// Change Bins' steps of the browser end-to-end test: what only the screen shows. Two selected bins
// open a tab named by them; its preview's notification is one line that fits, and its Apply sends
// one PUT per changed bin; the preview's multi-diff editor has Apply in its title.
import * as assert from 'node:assert/strict';
import {
  clearNotifications,
  clickNotificationButton,
  clickRowMenu,
  clickTreeRow,
  closeAllEditors,
  exactRow,
  expandRow,
  focusEditor,
  runCommand,
  showJsonBinView,
} from './workbench.mjs';

/** Runs the steps through `step`; `until(probe, what)` waits for what the screen shows. */
export async function changeSteps({ page, demo, step, until }) {
  const { store } = demo.service;
  const puts = (mark) => demo.service.requestsSince(mark).filter((e) => e.method === 'PUT');
  const level = (bin) => store.latest(bin).level;
  const lens = (title) => page.locator('.monaco-editor .codelens-decoration a', { hasText: title }).first();
  /** Replaces the change tab's text on one line; what the editor closed by itself as it came in (brackets) goes. */
  const writeChange = async (text) => {
    await focusEditor(page);
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(text);
    await page.keyboard.press('Shift+End');
    await page.keyboard.press('Delete');
    await page.locator('.monaco-editor .view-lines', { hasText: text }).first().waitFor();
  };
  const preview = async () => {
    await lens('Preview').click();
    await page.locator('.tabs-container .tab.active', { hasText: 'Change Bins: 2 bins change' }).waitFor();
  };
  let bins;

  await step(
    'change bins: two selected bins open a tab named "Change 2 bins"; the preview says in one line that fits how many would change, and its Apply sends one PUT per bin',
    async () => {
      const collection = store.createCollection(demo.demo.account, 'E2E change');
      bins = ['One', 'Two'].map((title) =>
        store.createBin(demo.demo.account, { title, level: 1 }, { name: `Change ${title}`, private: true, collectionId: collection.id }),
      );
      await closeAllEditors(page);
      await showJsonBinView(page);
      await runCommand(page, 'JSONBin: Refresh View');
      await expandRow(page, 'Collections', 'E2E change');
      await expandRow(page, 'E2E change', 'Change One');
      // A click opens the first bin; the second joins the selection.
      await clickTreeRow(page, 'Change One');
      await page.locator('.tabs-container .tab.active', { hasText: 'Change One.json' }).waitFor();
      await exactRow(page, 'Change Two').click({ modifiers: ['Control'] });
      await clickRowMenu(page, 'Change Two', 'Change Bins...');
      await page.locator('.tabs-container .tab.active', { hasText: 'Change 2 bins.json' }).waitFor();
      // The bin open in a tab gave the change it starts from, which applies to it.
      await page.locator('.monaco-editor .view-lines', { hasText: '"op": "test", "path": "/title", "value": "One"' }).first().waitFor();
      await writeChange('[{ "op": "replace", "path": "/level", "value": 2 }]');
      await clearNotifications(page);
      await preview();
      const toast = page.locator('.notifications-toasts .notification-toast', {
        has: page.locator('.notification-list-item-message', { hasText: /^JSONBin: All 2 bins would change: see the diff\.$/ }),
      });
      await toast.waitFor();
      const message = toast.locator('.notification-list-item-message').first();
      // One line box (a wrapped text has more), and none of it hidden behind an ellipsis.
      const lines = await message.evaluate((e) => {
        const range = globalThis.document.createRange();
        range.selectNodeContents(e);
        return e.scrollWidth <= e.clientWidth ? new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size : -1;
      });
      assert.equal(lines, 1, `the toast's text is not one line that fits (${lines}): ${await message.innerText()}`);
      const mark = demo.service.log.length;
      await clickNotificationButton(toast, 'Apply');
      await until(() => puts(mark).length >= 2, `the PUTs of Apply (${puts(mark).length} sent)`);
      // The result is in the notification center: VS Code shows it as a toast too unless more than 3
      // toasts came within 800 ms (its spam protection), which a burst of this run's can reach. The
      // bins are named as their updates are answered, in either order.
      await runCommand(page, 'Notifications: Show Notifications');
      await page
        .locator('.notifications-center', { hasText: /Changed: (Change One, Change Two|Change Two, Change One)\./ })
        .first()
        .waitFor();
      await runCommand(page, 'Notifications: Hide Notifications');
      await page.locator('.notifications-center').first().waitFor({ state: 'hidden' });
      assert.deepEqual(
        puts(mark)
          .map((e) => e.path)
          .sort(),
        bins.map((b) => `/v3/b/${b.id}`).sort(),
        'one PUT per bin',
      );
      assert.deepEqual(bins.map(level), [2, 2]);
    },
  );

  await step("change bins: the preview's multi-diff editor has Apply in its title, which sends one PUT per bin and is gone once applied", async () => {
    await page.locator('.tabs-container .tab', { hasText: 'Change 2 bins.json' }).click();
    await writeChange('[{ "op": "replace", "path": "/level", "value": 3 }]');
    await preview();
    // The title shows the button once the extension has said the active editor is its preview.
    const apply = page.locator('.editor-group-container.active .editor-actions .action-label[aria-label^="Apply Change"]');
    await apply.waitFor();
    const mark = demo.service.log.length;
    await apply.click();
    await until(() => puts(mark).length === 2, 'two PUTs');
    await until(() => bins.every((b) => level(b) === 3), 'both bins changed');
    // Applied, the preview is of records gone by: its title no longer offers Apply.
    await apply.waitFor({ state: 'detached' });
    assert.deepEqual(
      puts(mark)
        .map((e) => e.path)
        .sort(),
      bins.map((b) => `/v3/b/${b.id}`).sort(),
      'one PUT per bin',
    );
  });
}

// What the end-to-end steps wait with: a request seen, a tab saved, a refusal's one notification.
import * as assert from 'node:assert/strict';
import { clearNotifications, focusEditor } from './workbench.mjs';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Waits until `probe()` holds (the service saw a request, a row appeared), failing after 20 s. */
export async function until(probe, what) {
  for (const deadline = Date.now() + 20_000; !(await probe());) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
/** Waits up to 10 s for `done()`, then a little more so that any request that follows is seen too. */
export async function settle(done) {
  for (const deadline = Date.now() + 10_000; !done() && Date.now() < deadline;) await sleep(100);
  await sleep(500);
}
/** A save is done once its tab is no longer marked dirty. */
export async function savedTab(page, title) {
  await page.locator('.tabs-container .tab.active:not(.dirty)', { hasText: title }).waitFor();
}
/**
 * Saves the active tab with Ctrl+S, refused for a schema problem: one notification says it, VS
 * Code's (a file system provider cannot avoid it), with the extension's reason and a Show Problems
 * link that opens the Problems panel; the extension adds none of its own. The notifications are
 * cleared first, and the Problems panel hidden, so that what follows is the save's alone.
 */
export async function refusedSave(page) {
  await clearNotifications(page);
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

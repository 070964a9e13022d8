// Renders the marketplace icon (media/icon.png, 256x256) from media/icon.svg with Debian's Chromium.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchBrowser } from '../test/runner/code-server-host.mjs';

const media = resolve(import.meta.dirname, '..', 'media');
const svg = readFileSync(join(media, 'icon.svg'), 'utf8');
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 256, height: 256 } });
await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
await page.screenshot({ path: join(media, 'icon.png'), omitBackground: true });
await browser.close();
console.log('wrote media/icon.png');

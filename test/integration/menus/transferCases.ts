/** Cases that move JSON between files and bins: upload, save as a file, export a collection. */
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Command } from '../../../src/extension/commands/idsAndContextKeys';
import { pathsOf, type Case, type MenuContext } from './context';

export function transferCases(c: MenuContext): Record<string, Case> {
  const { invoke, argsFor, binCase } = c;

  const files = mkdtempSync(join(tmpdir(), 'jsonbin-menus-'));
  /** A file of the machine the extension runs on, with this text. */
  const fileWith = (name: string, text: string) => {
    const path = join(files, name);
    writeFileSync(path, text);
    return vscode.Uri.file(path);
  };

  /** Two files, from the Explorer (one clicked, both selected) or the palette's file dialog, into the validated collection. */
  const uploadCase: Case = async (place) => {
    const { collectionWithSchema } = c;
    const texts = ['{ "a":1.50 }', '{"a": [1, 2],\n "b": "two"}'];
    const n = c.next();
    const uris = texts.map((text, i) => fileWith(`upload ${n} ${i}.json`, text));
    const fromExplorer = place.menu === 'explorer/context';
    const args = fromExplorer ? [uris[1], uris] : [];
    const requests = await invoke(place.entry.command, args, ...(fromExplorer ? [] : [uris]), collectionWithSchema.name);
    const posts = requests.filter((r) => r.method === 'POST');
    assert.deepEqual(
      posts.map((r) => [r.path, r.body, r.headers['x-bin-name'], r.headers['x-collection-id'], r.headers['x-bin-private']]),
      [
        ['/v3/b', texts[0], `upload ${n} 0`, collectionWithSchema.id, 'true'],
        ['/v3/b', texts[1], `upload ${n} 1`, collectionWithSchema.id, 'true'],
      ],
    );
    // The collection list and its schema doc, unless already known.
    const others = pathsOf(requests.filter((r) => r.method !== 'POST'));
    assert.deepEqual(
      others.filter((p) => p !== 'GET /v3/c' && p !== `GET /v3/s/${collectionWithSchema.schemaDocId}`),
      [],
    );
  };

  /** The record formatted into the file the user picks: from a clean open tab without a request. */
  const saveAsCase: Case = async (place, kind) => {
    const target = vscode.Uri.file(join(files, `saved ${c.next()}.json`));
    await binCase(
      () => [target],
      (bin, requests) => {
        // Opening the tab validates it, which lists the collections once a session: not the command's.
        const own = pathsOf(requests).filter((p) => p !== 'GET /v3/c');
        assert.deepEqual(own, place.menu === 'editor/title' ? [] : [`GET /v3/b/${bin.id}/latest`]);
        assert.equal(readFileSync(target.fsPath, 'utf8'), '{\n  "n": 2\n}\n');
      },
    )(place, kind);
  };

  /** Every bin of the collection into the folder picked: its pages, then one read per bin. */
  const exportCase: Case = async (place, kind) => {
    const { w } = c;
    const collection = kind === 'collection.withSchemaDoc' ? c.collectionWithSchema : c.plainCollection;
    const args = await argsFor(place, kind);
    const folder = vscode.Uri.file(mkdtempSync(join(files, 'export-')));
    const bins: { id: string; name?: string }[] = [];
    for (let page = await w.other.listBins(collection.id); ; page = await w.other.listBins(collection.id, page.at(-1)!.id)) {
      bins.push(...page);
      if (page.length < 10) break;
    }
    const fromPalette = place.menu === 'palette';
    // Past the jsonbin.warnAboveRequests setting (50), the export asks before reading the bins.
    const asksFirst = bins.length > 50 ? [true as const] : [];
    const requests = await invoke(place.entry.command, args, ...(fromPalette ? [collection.name] : []), [folder], ...asksFirst);
    const paths = pathsOf(requests).filter((p) => !(fromPalette && p === 'GET /v3/c'));
    const pages = paths.filter((p) => p.startsWith(`GET /v3/c/${collection.id}/bins`));
    assert.equal(pages.length, Math.floor(bins.length / 10) + 1);
    assert.deepEqual(paths.slice(pages.length).sort(), bins.map((b) => `GET /v3/b/${b.id}/latest`).sort());
    for (const bin of bins) {
      const name = `${bin.name ?? bin.id}.json`;
      assert.equal(readFileSync(join(folder.fsPath, name), 'utf8'), `${JSON.stringify((await w.other.readBin(bin.id)).record, null, 2)}\n`, name);
    }
  };

  return {
    [Command.uploadAsBin]: uploadCase,
    [Command.saveBinAsFile]: saveAsCase,
    [Command.exportCollection]: exportCase,
  };
}

/**
 * Rows selected as VS Code passes them to a row command (the clicked row and every selected one):
 * Delete Bin, Copy Bin Id and Save Bin as File act on them all; a selection holding other rows is
 * refused whole; a command for one row acts on the clicked row only. Counted from the service's log.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { fiveBins as fiveBinsIn, RECORDS } from './manyBins';
import { closeAll, pathsOf, prompter, requestsDuring, run, setup, type World } from './support';

describe('a selection of rows', function () {
  this.timeout(60_000);
  let w: World;
  let made = 0;
  const confirmed: string[] = [];
  /** Where Save Bin as File writes a selection. */
  const folder = vscode.Uri.file(mkdtempSync(join(tmpdir(), 'jsonbin-many-')));

  before(async () => {
    w = await setup();
    // A visible view fetches again on every change: its requests would mix with the commands'.
    await run('workbench.action.closeSidebar');
    w.api.setPrompter(prompter({ confirm: async (message) => (confirmed.push(message), true), openDialog: async () => [folder] }));
  });
  beforeEach(() => {
    confirmed.length = 0;
  });
  afterEach(() => closeAll());
  after(() => w.api.setPrompter(undefined));

  const fiveBins = () => fiveBinsIn(w, `selected ${++made}`);

  it('deletes the selected bins as VS Code passes them: one confirmation naming them, one DELETE each', async () => {
    const { ids, rows, name } = await fiveBins();
    const selected = rows.slice(0, 3);
    const requests = await requestsDuring(w.service, () => run(Command.rowDeleteBin, selected[1], selected));
    assert.deepEqual(confirmed, [`Delete 3 bins: ${name} b0, ${name} b1, ${name} b2?`]);
    assert.deepEqual(
      pathsOf(requests).filter((p) => !p.startsWith('GET')),
      ids.slice(0, 3).map((id) => `DELETE /v3/b/${id}`),
    );
    for (const id of ids.slice(0, 3)) {
      await assert.rejects(w.other.readBin(id), /not found/);
    }
    // The clicked row outside the selection: VS Code passes no selection, and only that row is deleted.
    const alone = await requestsDuring(w.service, () => run(Command.rowDeleteBin, rows[3]));
    assert.deepEqual(
      pathsOf(alone).filter((p) => !p.startsWith('GET')),
      [`DELETE /v3/b/${ids[3]}`],
    );
  });

  it('refuses a selection that holds other rows whole, and a single-row command acts on the clicked row only', async () => {
    const { ids, row, rows } = await fiveBins();
    const mixed = await requestsDuring(w.service, () => run(Command.rowDeleteBin, rows[0], [rows[0], row]));
    assert.deepEqual(mixed, []);
    assert.deepEqual(confirmed, []);
    assert.ok(await w.other.readBin(ids[0]));
    const opened = await requestsDuring(w.service, () => run(Command.rowOpenBin, rows[1], rows.slice(0, 3)));
    assert.deepEqual(
      pathsOf(opened).filter((p) => p.startsWith('GET /v3/b/')),
      [`GET /v3/b/${ids[1]}/latest`],
    );
    assert.deepEqual(
      vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => (t.input as vscode.TabInputText).uri.path.split('/')[2]),
      [ids[1]],
    );
  });

  it('copies the ids of the selected bins, one a line, with no request', async () => {
    const { ids, rows } = await fiveBins();
    const requests = await requestsDuring(w.service, () => run(Command.rowCopyBinId, rows[0], rows.slice(0, 2)));
    assert.deepEqual(requests, []);
    assert.equal(await vscode.env.clipboard.readText(), `${ids[0]}\n${ids[1]}`);
  });

  it('saves the selected bins into a folder, one file each named after its bin, one read each', async () => {
    const { ids, rows, name } = await fiveBins();
    const requests = await requestsDuring(w.service, () => run(Command.rowSaveBinAsFile, rows[0], rows.slice(0, 2)));
    assert.deepEqual(
      pathsOf(requests).filter((p) => p.startsWith('GET /v3/b/')),
      ids.slice(0, 2).map((id) => `GET /v3/b/${id}/latest`),
    );
    assert.deepEqual(JSON.parse(readFileSync(join(folder.fsPath, `${name} b1.json`), 'utf8')), RECORDS[1]);
  });
});

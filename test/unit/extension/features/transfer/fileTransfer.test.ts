import * as assert from 'node:assert/strict';
import {
  binNameOfFile,
  CANCELLED,
  exportFileNames,
  formatRecord,
  isJsonFileName,
  parseUriList,
  safeFileStem,
  uploadSummary,
} from '../../../../../src/extension/features/transfer/fileTransfer';

describe('moving bins to and from files', () => {
  it('takes .json files only, whatever the case of the extension', () => {
    assert.ok(isJsonFileName('a.json'));
    assert.ok(isJsonFileName('A.JSON'));
    assert.ok(!isJsonFileName('a.jsonc'));
    assert.ok(!isJsonFileName('a.json.txt'));
    assert.ok(!isJsonFileName('json'));
  });

  it('names a bin after its file, without .json, cut to 128 characters (not UTF-16 units)', () => {
    assert.equal(binNameOfFile('course 1.json'), 'course 1');
    assert.equal(binNameOfFile('data.backup.JSON'), 'data.backup');
    assert.equal(binNameOfFile(`${'é'.repeat(130)}.json`), 'é'.repeat(128));
    assert.equal(binNameOfFile(`${'😀'.repeat(130)}.json`), '😀'.repeat(128));
    assert.equal(binNameOfFile('.json'), undefined);
    assert.equal(binNameOfFile('  .json'), undefined);
  });

  it('makes a bin name a file name every common file system takes', () => {
    assert.equal(safeFileStem('a/b\\c:d*e?f"g<h>i|j', 'id'), 'a_b_c_d_e_f_g_h_i_j');
    assert.equal(safeFileStem('tab\there\u0000', 'id'), 'tab_here_');
    assert.equal(safeFileStem('trailing dots...  ', 'id'), 'trailing dots');
    assert.equal(safeFileStem('CON', 'id'), '_CON');
    assert.equal(safeFileStem('lpt1.txt', 'id'), '_lpt1.txt');
    assert.equal(safeFileStem('console', 'id'), 'console');
    assert.equal(safeFileStem('...', 'the-id'), 'the-id');
    assert.equal(safeFileStem('', 'the-id'), 'the-id');
    // 128 two-byte characters would be 256 bytes: over the 255 a file name may have.
    const long = safeFileStem('é'.repeat(128), 'id');
    assert.equal([...long].length, 100);
    assert.ok(Buffer.byteLength(`${long} (0123456789abcdef01234567).json`) <= 255);
  });

  it('gives each bin of a collection its own file, adding the id to every name that collides', () => {
    const names = exportFileNames([
      { id: 'a1', name: 'Report' },
      { id: 'b2', name: 'report' },
      { id: 'c3', name: 'Notes' },
      { id: 'd4' },
      { id: 'e5', name: 'x/y' },
      { id: 'f6', name: 'x_y' },
      { id: 'g7', name: 'Report (a1)' },
    ]);
    assert.deepEqual(names, ['Report (a1).json', 'report (b2).json', 'Notes.json', 'd4.json', 'x_y (e5).json', 'x_y (f6).json', 'Report (a1) (g7).json']);
    assert.equal(new Set(names.map((n) => n.toLowerCase())).size, names.length);
  });

  it('formats a record with 2-space indentation and a final line break', () => {
    assert.equal(formatRecord({ a: [1, { b: null }] }), '{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ]\n}\n');
  });

  it('reads a text/uri-list: one URI a line, comments and blank lines skipped', () => {
    assert.deepEqual(parseUriList('# dragged\r\nfile:///a/x.json\r\n\r\n  file:///b/y%20z.json  \n'), ['file:///a/x.json', 'file:///b/y%20z.json']);
    assert.deepEqual(parseUriList(''), []);
  });

  it('sums up a batch: what was created where, what was refused by name and why, what cancelling left unsent', () => {
    assert.equal(uploadSummary(1, undefined, []), 'Created 1 bin in no collection.');
    const refused = [
      { name: 'a.json', reason: 'The text is not JSON' },
      { name: 'b.json', reason: 'too big' },
      { name: 'c.json', reason: 'schema' },
      { name: 'd.json', reason: 'blank' },
      { name: 'e.json', reason: CANCELLED },
      { name: 'f.json', reason: CANCELLED },
    ];
    assert.equal(
      uploadSummary(100, 'C', refused),
      'Created 100 bins in collection "C". Refused 4 files: a.json (The text is not JSON); b.json (too big); c.json (schema); and 1 more. Cancelled: 2 files not sent.',
    );
    assert.equal(
      uploadSummary(1, undefined, [{ name: 'c.json', reason: 'Not sent: an earlier file may have been stored' }], ['b.json']),
      "Created 1 bin in no collection. May have been created: b.json (the service's answer could not be read; refresh to see before uploading again). Refused 1 file: c.json (Not sent: an earlier file may have been stored).",
    );
  });
});

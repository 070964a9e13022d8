import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { mayHaveWritten, type Edit } from '../../../../../src/core/schema/definitions/keyInEdits';

const KEY = '"schema"';

/** Text made of the key's pieces, so that edits often make and break it. */
const text = fc.string({ unit: fc.constantFrom('"', 's', 'c', 'h', 'e', 'm', 'a', '"schema"', ' ', '\n'), maxLength: 30 });

/** The edits applied in turn, each against the text the one before it left (as the validation worker applies them). */
function applied(before: string, edits: readonly Edit[]): string {
  return edits.reduce((t, e) => t.slice(0, e.offset) + e.text + t.slice(e.offset + e.length), before);
}

/** Edits valid for `before`, each within the text the one before it left. */
const textAndEdits = text.chain((before) =>
  fc.array(fc.tuple(fc.nat(), fc.nat(8), text), { minLength: 1, maxLength: 4 }).map((raw) => {
    const edits: Edit[] = [];
    let current = before;
    for (const [at, length, inserted] of raw) {
      const offset = at % (current.length + 1);
      const edit = { offset, length: Math.min(length, current.length - offset), text: inserted };
      edits.push(edit);
      current = applied(current, [edit]);
    }
    return { before, edits };
  }),
);

describe('a key written by edits, from the text around them', () => {
  it('finds every key the edits wrote into a text that had none', () => {
    fc.assert(
      fc.property(textAndEdits, ({ before, edits }) => {
        const after = applied(before, edits);
        if (!before.includes(KEY) && after.includes(KEY)) {
          assert.ok(
            mayHaveWritten(KEY, edits, (start, end) => after.slice(start, end)),
            JSON.stringify({ before, edits, after }),
          );
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('says no when the edits wrote none, reading only around them', () => {
    const before = `[${'{"title": 42},'.repeat(1000)}{}]`;
    const offset = before.indexOf('42');
    const edits = [{ offset, length: 2, text: '"fixed"' }];
    const after = applied(before, edits);
    const read: [number, number][] = [];
    assert.equal(
      mayHaveWritten(KEY, edits, (start, end) => (read.push([start, end]), after.slice(start, end))),
      false,
    );
    assert.deepEqual(read, [[offset - KEY.length + 1, offset + '"fixed"'.length + KEY.length - 1]]);
  });

  it('finds a key made by a deletion that joins its halves', () => {
    const before = '{"sch-ema": 1}';
    const edits = [{ offset: 5, length: 1, text: '' }];
    assert.equal(applied(before, edits), '{"schema": 1}');
    assert.equal(
      mayHaveWritten(KEY, edits, (start, end) => applied(before, edits).slice(start, end)),
      true,
    );
  });
});

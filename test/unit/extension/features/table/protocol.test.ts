/**
 * The grid's texts the table translates (src/extension/features/table/protocol.ts) against AG Grid as
 * installed, in plain Node: a key the grid no longer looks up (renamed in an upgrade) would leave
 * its text in English without a word said.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { GRID_TEXT_KEYS } from '../../../../../src/extension/features/table/protocol';

/** AG Grid's code, with the widgets' package it shares (the select field's label is looked up there). */
const grid = ['ag-grid-community', 'ag-stack'].map((name) => readFileSync(require.resolve(name), 'utf8')).join('\n');

describe("the grid's texts the table translates", () => {
  it('are each looked up by AG Grid by that key', () => {
    // A lookup is `translate("key", "default")`, or a picker's `pickerAriaLabelKey: "key"`.
    const unknown = GRID_TEXT_KEYS.filter((key) => !new RegExp(`(\\(\\s*|AriaLabelKey:\\s*)"${key}"`).test(grid));
    assert.deepEqual(unknown, []);
  });
});

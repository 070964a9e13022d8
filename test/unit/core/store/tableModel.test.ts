import * as assert from 'node:assert/strict';
import { cellOf, checkPath, editedValue, enumOf, problemsByProperty, propertyColumns, recordWith } from '../../../../src/core/store/tableModel';
import type { Problem } from '../../../../src/core/schema/validator';

const schema = {
  type: 'object',
  required: ['title', 'level'],
  properties: { title: { type: 'string' }, level: { enum: ['beginner', 'advanced'] }, objectives: { type: 'array' }, meta: { type: 'object' } },
};
const record = { title: 'Intro', level: 'beginner', objectives: ['a', 'b', 'c'], meta: { a: 1, b: 2, c: 3, d: 4 }, hours: 3 };

const problem = (path: string, message: string, keyword = 'type'): Problem => ({ offset: 0, length: 1, path, message, keyword });

describe('the table model', () => {
  it("columns: the schema doc's top-level properties in its order; without one, the records' keys as first seen", () => {
    assert.deepEqual(
      propertyColumns(schema, [record]).map((c) => c.kind === 'property' && c.key),
      ['title', 'level', 'objectives', 'meta'],
    );
    assert.deepEqual(
      propertyColumns(undefined, [{ b: 1, a: 2 }, [1], { c: 3, a: 0 }]).map((c) => c.kind === 'property' && c.key),
      ['b', 'a', 'c'],
    );
  });

  it('cells: scalars as values, arrays and objects summarized, a missing property empty', () => {
    assert.deepEqual(cellOf(record, { kind: 'property', key: 'title' }), { text: 'Intro', value: 'Intro' });
    assert.deepEqual(cellOf(record, { kind: 'property', key: 'hours' }), { text: '3', value: 3 });
    assert.deepEqual(cellOf(record, { kind: 'property', key: 'objectives' }), { text: '3 items', node: true });
    assert.deepEqual(cellOf(record, { kind: 'property', key: 'meta' }), { text: '{4 keys}', node: true });
    assert.deepEqual(cellOf({ a: [1] }, { kind: 'property', key: 'a' }), { text: '1 item', node: true });
    assert.deepEqual(cellOf({ a: null }, { kind: 'property', key: 'a' }), { text: 'null', value: null });
    assert.deepEqual(cellOf(record, { kind: 'property', key: 'absent' }), { text: '' });
    assert.deepEqual(cellOf([1, 2], { kind: 'property', key: 'length' }), { text: '' });
  });

  it('JSONPath columns: one match shown, several summarized, none empty, never editable', () => {
    assert.deepEqual(cellOf(record, { kind: 'path', path: '$.objectives.length' }), { text: '3' });
    assert.deepEqual(cellOf(record, { kind: 'path', path: '$.objectives[1]' }), { text: 'b' });
    assert.deepEqual(cellOf(record, { kind: 'path', path: '$.meta.*' }), { text: '4 items' });
    assert.deepEqual(cellOf(record, { kind: 'path', path: '$.nothing' }), { text: '' });
    assert.deepEqual(cellOf(record, { kind: 'path', path: '$.objectives[?(@ === "c")]' }), { text: 'c' });
    checkPath('$.objectives[0]');
  });

  it('places each problem in the top-level property it points into, a missing required one in its own column', () => {
    const problems = [problem('/objectives/1', 'Expected a string'), problem('/objectives/2', 'Second'), problem('', 'Missing property "level"', 'required')];
    const placed = problemsByProperty(problems, { title: 'x', objectives: [] }, schema);
    assert.deepEqual(
      [...placed],
      [
        ['objectives', 'Expected a string'],
        ['level', 'Missing property "level"'],
      ],
    );
    assert.deepEqual([...problemsByProperty([problem('/a~1b', 'slash')], {}, undefined)], [['a/b', 'slash']]);
  });

  it('enums become drop-downs; an edit keeps a number a number', () => {
    assert.deepEqual(enumOf(schema, 'level'), ['beginner', 'advanced']);
    assert.equal(enumOf(schema, 'title'), undefined);
    assert.equal(editedValue(3, '4.5'), 4.5);
    assert.equal(editedValue(3, 'four'), 'four');
    assert.equal(editedValue('3', '4'), '4');
    assert.deepEqual(recordWith(record, 'hours', 4), { ...record, hours: 4 });
  });
});

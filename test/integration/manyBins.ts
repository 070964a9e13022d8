/** Five bins in a collection whose schema doc was attached after them, and their rows: the selection and Change Bins suites act on them. */
import * as assert from 'node:assert/strict';
import type { Json } from '../../src/core/api';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { Node } from '../../src/extension/features/tree/nodes';
import { kindOf, labelOf, run, type World } from './support';

/** b0, b1 change; b2 is a lesson (the test fails); b3 would lack its summary; b4 has the level already. */
export const RECORDS: Json[] = [
  { kind: 'module', title: 'a', summary: 's' },
  { kind: 'module', title: 'b', summary: 's', level: 1 },
  { kind: 'lesson', title: 'c' },
  { kind: 'module', title: 'd' },
  { kind: 'module', title: 'e', summary: 's', level: 2 },
];
export const PATCH = JSON.stringify([
  { op: 'test', path: '/kind', value: 'module' },
  { op: 'add', path: '/level', value: 2 },
]);

/** A collection named `name` (validated: a level needs a summary) holding the five records, and their rows. */
export async function fiveBins(w: World, name: string) {
  const collection = await w.other.createCollection(name);
  const ids: string[] = [];
  for (const [i, record] of RECORDS.entries()) {
    ids.push((await w.other.createBin({ record, collectionId: collection.id, name: `${name} b${i}` })).metadata.id);
  }
  // Attached after the bins were stored: the service checked none of them.
  const doc = await w.other.createSchemaDoc(`${name} levels`, { type: 'object', if: { required: ['level'] }, then: { required: ['summary'] } });
  await w.other.attachSchemaDoc(collection.id, doc.metadata.id);
  await run(Command.refresh);
  const [collections] = (await w.api.tree.getChildren())!;
  let row: Node | undefined;
  for (const node of (await w.api.tree.getChildren(collections))!) {
    row = labelOf(await w.api.tree.getTreeItem(node)) === name ? node : row;
  }
  assert.ok(row, `no row ${name}`);
  const rows: Node[] = [];
  // The schema doc's row comes first; bins are listed newest first: taken in the order they were made.
  for (const node of (await w.api.tree.getChildren(row))!) {
    if (kindOf(await w.api.tree.getTreeItem(node)) === 'bin') {
      rows.unshift(node);
    }
  }
  return { collection, ids, row, rows, name };
}

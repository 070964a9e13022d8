/** Linked files in the CLI's folder: a collection whose schema doc requires a string `title`, and two bins in it. */
import type { CliWorld } from '../cliWorld';

export const SCHEMA = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] };

export interface Linked {
  collectionId: string;
  schemaDocId: string;
  /** a.json, the same as its bin. */
  a: string;
  /** b.json, the same as its bin until a test changes one of them. */
  b: string;
}

/** Bins `a` and `b` in a validated collection, linked to a.json and b.json holding their records, committed. */
export async function linkTwo(w: CliWorld): Promise<Linked> {
  const collection = await w.client.createCollection('modules');
  const doc = await w.client.createSchemaDoc('module', SCHEMA);
  await w.client.attachSchemaDoc(collection.id, doc.metadata.id);
  const a = (await w.client.createBin({ record: { title: 'a' }, collectionId: collection.id })).metadata.id;
  const b = (await w.client.createBin({ record: { title: 'b' }, collectionId: collection.id })).metadata.id;
  await w.write('a.json', { title: 'a' });
  await w.write('b.json', { title: 'b' });
  await w.link('a.json', a);
  await w.link('b.json', b);
  await w.commit();
  return { collectionId: collection.id, schemaDocId: doc.metadata.id, a, b };
}

/** Paths with ids as `<id>`, sorted: reads sent at once arrive in any order. */
export function shape(paths: string[], ids: Record<string, string>): string[] {
  return paths.map((p) => Object.entries(ids).reduce((s, [name, id]) => s.split(id).join(`<${name}>`), p)).sort();
}

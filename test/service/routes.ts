/** Routes a request of the local bin service to its handler. */
import { createAccessKey, deleteAccessKey, listAccessKeys } from './accessKeys';
import { attachSchemaDoc, createCollection, createSchemaDoc, listBins, listCollections, readSchemaDoc, renameCollection, updateSchemaDoc } from './collections';
import { createBin, deleteBin, readBin, updateBin, updateMeta, versionCount } from './bins';
import { fail, Refusal, type Answer, type Context } from './http';
import { M } from './messages';

export type { Answer, Context } from './http';

export function route(c: Context): Answer {
  try {
    return dispatch(c);
  } catch (error) {
    if (error instanceof Refusal) {
      return error.answer;
    }
    throw error;
  }
}

function dispatch(c: Context): Answer {
  const [resource, id, ...rest] = c.segments;
  const m = c.method;
  const sub = rest.join('/');
  if (resource === 'b') {
    if (m === 'POST') {
      // The contract's 404 for create: a create addressed to a bin that is not there.
      return id === undefined ? createBin(c) : fail(404, M.binNotOwned);
    }
    if (id === undefined) {
      return fail(404, M.notRoute);
    }
    if (m === 'PUT' && sub === '') return updateBin(c, id);
    if (m === 'PUT' && (sub === 'meta/name' || sub === 'meta/privacy')) return updateMeta(c, id, rest[1]);
    if (m === 'DELETE' && sub === '') return deleteBin(c, id, false);
    if (m === 'DELETE' && sub === 'versions') return deleteBin(c, id, true);
    if (m === 'GET' && sub === 'versions/count') return versionCount(c, id);
    if (m === 'GET' && rest.length <= 1) return readBin(c, id, rest[0]);
  }
  if (resource === 'c') {
    if (id === undefined && m === 'GET') return listCollections(c);
    if (id === undefined && m === 'POST') return createCollection(c);
    if (id !== undefined && m === 'GET' && rest[0] === 'bins' && rest.length <= 2) return listBins(c, id, rest[1]);
    if (id !== undefined && m === 'PUT' && sub === 'meta/name') return renameCollection(c, id);
    if (id !== undefined && m === 'PUT' && (sub === 'schemadoc/add' || sub === 'schemadoc/remove')) return attachSchemaDoc(c, id, rest[1]);
  }
  if (resource === 's') {
    if (id === undefined && m === 'POST') return createSchemaDoc(c);
    if (id !== undefined && m === 'GET' && sub === '') return readSchemaDoc(c, id);
    if (id !== undefined && m === 'PUT' && sub === '') return updateSchemaDoc(c, id);
  }
  if (resource === 'a') {
    if (id === undefined && m === 'POST') return createAccessKey(c);
    if (id === undefined && m === 'GET') return listAccessKeys(c);
    if (id !== undefined && m === 'DELETE' && sub === '') return deleteAccessKey(c, id);
  }
  return fail(404, M.notRoute);
}

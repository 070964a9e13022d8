/**
 * The little of Node that libraries bundled for the browser ask for (the TypeScript types'
 * library reads `process.cwd()` for its default options, compares two plain values and names a
 * file; its ref parser reads `path` only for file paths, which it is never given). The web build
 * resolves `node:process`, `node:util` and `node:path` (and `path`) here.
 */

/** There is no working folder: refs are never resolved against one (see src/schema/typeScript.ts). */
export const cwd = () => '/';

export default { cwd };

/** Deep equality of JSON values, which is all the library compares. */
export function isDeepStrictEqual(a: unknown, b: unknown): boolean {
  if (a === b) {
    return true;
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    return false;
  }
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every(
      (key) => Object.prototype.hasOwnProperty.call(b, key) && isDeepStrictEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function extname(path: string): string {
  const name = basename(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
}

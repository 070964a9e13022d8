/* global indexedDB, localStorage -- page.evaluate runs this function in the page */
// What the workbench's origin keeps in the browser (IndexedDB and localStorage): the web worker
// host keeps the extension's global state, offline copies and logs there, not on disk, so the key
// search reads it too.

/** Each stored value and key as text, with where it is kept. */
export function browserStorage(page) {
  return page.evaluate(async () => {
    const decoder = new TextDecoder();
    const text = (value) =>
      typeof value === 'string'
        ? value
        : value instanceof ArrayBuffer || ArrayBuffer.isView(value)
          ? decoder.decode(value)
          : (JSON.stringify(value, (_key, v) => (ArrayBuffer.isView(v) ? decoder.decode(v) : v)) ?? String(value));
    const asked = (request) =>
      new Promise((resolve, reject) => Object.assign(request, { onsuccess: () => resolve(request.result), onerror: () => reject(request.error) }));
    const found = [];
    for (const { name } of await indexedDB.databases()) {
      const db = await asked(indexedDB.open(name));
      for (const store of db.objectStoreNames) {
        const objects = () => db.transaction(store).objectStore(store);
        const [values, keys] = [await asked(objects().getAll()), await asked(objects().getAllKeys())];
        found.push(...[...values, ...keys].map((v) => ({ where: `IndexedDB ${name}/${store}`, text: text(v) })));
      }
      db.close();
    }
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      found.push({ where: 'localStorage', text: `${key} ${localStorage.getItem(key)}` });
    }
    return found;
  });
}

// fast-json-patch's core alone: its package entry also loads the observer ("duplex") part, which
// reaches for `window` and which the tools never use. Its types are the package's own.
declare module 'fast-json-patch/module/core.mjs' {
  export * from 'fast-json-patch/module/core';
}

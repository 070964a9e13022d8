/** The host's implementation of the platform (the web build swaps `./node/` for `./web/`). */
export { host } from './node/host';
export * from './platform';

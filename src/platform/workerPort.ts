/** The validation worker's side of its channel (the web build swaps `./node/` for `./web/`). */
export { workerPort } from './node/workerPort';

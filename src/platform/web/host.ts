/** The platform in the browser's web worker extension host (vscode.dev, github.dev, code-server). */
import { sha256 } from '@noble/hashes/sha2';
import type { Host } from '../platform';
import { FetchHttp } from './http';
import { startWorker } from './worker';

export const host: Host = {
  http: async (options) => new FetchHttp(options),
  // fetch hands the request to the browser's network stack at once.
  afterSend: () => Promise.resolve(),
  // Web Crypto's digest is asynchronous; the store compares digests synchronously, on every host alike.
  sha256: (bytes) => toBase64(sha256(bytes)),
  validationWorkerFile: 'dist/web/validationWorker.js',
  startWorker,
  homeFolder: () => undefined,
  // No TypeScript types: the library's ref parser needs Node's Buffer and process (Copy as TypeScript Types is hidden).
};

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary);
}

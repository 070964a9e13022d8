/** The platform in the desktop and remote extension host (Node). */
import * as l10n from '@vscode/l10n';
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Host, WorkerEvents, WorkerScript, WorkerThread } from '../platform';

export const host: Host = {
  // undici loads with the first request, not with the extension.
  http: async (options) => new (await import('./http.js')).UndiciHttp(options),
  // undici writes a request on a kept-alive socket in the check phase after the one it was handed
  // over in (it first lets the socket say whether the service closed it): two turns.
  afterSend: () => new Promise((resolve) => setImmediate(() => setImmediate(resolve))),
  sha256: (bytes) => createHash('sha256').update(bytes).digest('base64'),
  validationWorkerFile: 'dist/validationWorker.mjs',
  startWorker,
  homeFolder: () => homedir(),
  typeScriptTypes: async () => (await import('json-schema-to-typescript-lite')).compile,
};

function startWorker(script: WorkerScript, events: WorkerEvents): WorkerThread {
  const worker = new Worker(script.fsPath);
  worker.unref();
  worker.on('message', (answer) => events.message(answer));
  worker.on('error', (error) => events.stopped(error));
  worker.on('exit', (code) => events.stopped(new Error(l10n.t('The validation worker stopped (exit code {0})', code))));
  return {
    post: (message, transfer) => worker.postMessage(message, transfer),
    busy: (waiting) => (waiting ? worker.ref() : worker.unref()),
    terminate: async () => void (await worker.terminate()),
  };
}

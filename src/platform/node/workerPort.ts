import { parentPort } from 'node:worker_threads';
import type { WorkerPort } from '../platform';

const port = parentPort!;

export const workerPort: WorkerPort = {
  onMessage: (handle) => port.on('message', handle),
  post: (answer) => port.postMessage(answer),
};

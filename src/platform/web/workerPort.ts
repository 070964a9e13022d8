import type { WorkerPort } from '../platform';

/** The worker's global scope (or, in the fallback, what stands in for it: see `worker.ts`). */
interface Scope {
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

declare const self: Scope;

export const workerPort: WorkerPort = {
  onMessage: (handle) => self.addEventListener('message', (event) => handle(event.data)),
  post: (answer) => self.postMessage(answer),
};

/**
 * The validation worker in the browser: a Web Worker made from a Blob URL of the bundled script
 * (the web worker host refuses a worker from the extension's own URL). Where no Worker can start,
 * the same script runs on the extension's thread, its `self` a stand-in, so validation still works.
 */
import * as l10n from '@vscode/l10n';
import type { WorkerEvents, WorkerScript, WorkerThread } from '../platform';

interface BrowserWorker {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  addEventListener(type: 'message' | 'error', listener: (event: { data?: unknown; message?: string }) => void): void;
  terminate(): void;
}

type WorkerConstructor = new (url: string, options: { name: string }) => BrowserWorker;

type Target = Pick<BrowserWorker, 'postMessage' | 'terminate'>;

/** Set once a worker failed before it answered: later ones run on this thread. */
let workersFail = false;

export function startWorker(script: WorkerScript, events: WorkerEvents): WorkerThread {
  // The script is read asynchronously; what is posted meanwhile waits, in order.
  const waiting: [unknown, ArrayBuffer[]][] = [];
  let target: Target | undefined;
  let stopped = false;
  // As a Node worker's exit: said once, and then the worker answers nothing more.
  const stop = (error: Error) => {
    if (!stopped) {
      stopped = true;
      target?.terminate();
      events.stopped(error);
    }
  };
  const guarded: WorkerEvents = { message: (answer) => stopped || events.message(answer), stopped: stop };
  script.read().then(
    (bytes) => {
      if (stopped) {
        return;
      }
      try {
        const source = new TextDecoder().decode(bytes);
        target = (!workersFail && inWorker(source, guarded)) || onThisThread(source, guarded);
        for (const [message, transfer] of waiting.splice(0)) {
          target.postMessage(message, transfer);
        }
      } catch (error) {
        stop(error as Error);
      }
    },
    (error: Error) => stop(error),
  );
  return {
    post: (message, transfer) => (target ? target.postMessage(message, transfer) : waiting.push([message, transfer])),
    busy: () => undefined,
    terminate: async () => stop(new Error(l10n.t('The validation worker was stopped'))),
  };
}

function inWorker(source: string, events: WorkerEvents): Target | undefined {
  const Worker = (globalThis as { Worker?: WorkerConstructor }).Worker;
  if (!Worker) {
    return undefined;
  }
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  let worker: BrowserWorker;
  try {
    worker = new Worker(url, { name: 'JSONBin validation' });
  } catch {
    // A policy that forbids workers from Blob URLs refuses here.
    workersFail = true;
    URL.revokeObjectURL(url);
    return undefined;
  }
  let answered = false;
  worker.addEventListener('message', (event) => {
    if (!answered) {
      // A worker that answers has its script: the URL is not needed again.
      answered = true;
      URL.revokeObjectURL(url);
    }
    events.message(event.data);
  });
  worker.addEventListener('error', (event) => {
    workersFail ||= !answered;
    events.stopped(
      new Error(
        event.message !== undefined ? l10n.t('The validation worker stopped: {0}', event.message) : l10n.t('The validation worker stopped: it failed to start'),
      ),
    );
  });
  return {
    postMessage: (message, transfer) => worker.postMessage(message, transfer),
    terminate: () => {
      worker.terminate();
      URL.revokeObjectURL(url);
    },
  };
}

function onThisThread(source: string, events: WorkerEvents): Target {
  const listeners: ((event: { data: unknown }) => void)[] = [];
  const scope = {
    addEventListener: (_type: 'message', listener: (event: { data: unknown }) => void) => listeners.push(listener),
    // Answers arrive later, as a worker's would: never inside the call that asked.
    postMessage: (answer: unknown) => setTimeout(() => events.message(answer), 0),
  };
  // The worker's own script, as a worker would run it: no other code is ever run this way.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const script = new Function('self', source) as (self: typeof scope) => void;
  script(scope);
  let stopped = false;
  return {
    postMessage: (message) => setTimeout(() => stopped || listeners.forEach((listener) => listener({ data: message })), 0),
    terminate: () => {
      stopped = true;
    },
  };
}

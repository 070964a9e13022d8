/**
 * The validation worker in the browser: a Web Worker made from a Blob URL of the bundled script
 * (the web worker host refuses a worker from the extension's own URL). Where no Worker can start,
 * the same script runs on the extension's thread, its `self` a stand-in, so validation still works.
 */
import type { WorkerEvents, WorkerScript, WorkerThread } from '../platform';

interface BrowserWorker {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  addEventListener(type: 'message' | 'error', listener: (event: { data?: unknown; message?: string }) => void): void;
  terminate(): void;
}

type WorkerConstructor = new (url: string, options: { name: string }) => BrowserWorker;

/** Set once a worker failed before it answered: later ones run on this thread. */
let workersFail = false;

export function startWorker(script: WorkerScript, events: WorkerEvents): WorkerThread {
  // The script is read asynchronously; what is posted meanwhile waits, in order.
  const waiting: [unknown, ArrayBuffer[]][] = [];
  let target: Pick<BrowserWorker, 'postMessage' | 'terminate'> | undefined;
  let stopped = false;
  void script.read().then(
    (bytes) => {
      if (stopped) {
        return;
      }
      const source = new TextDecoder().decode(bytes);
      target = (!workersFail && inWorker(source, events)) || onThisThread(source, events);
      for (const [message, transfer] of waiting.splice(0)) {
        target.postMessage(message, transfer);
      }
    },
    (error: Error) => events.stopped(error),
  );
  return {
    post: (message, transfer) => (target ? target.postMessage(message, transfer) : waiting.push([message, transfer])),
    busy: () => undefined,
    terminate: async () => {
      stopped = true;
      target?.terminate();
    },
  };
}

function inWorker(source: string, events: WorkerEvents): BrowserWorker | undefined {
  const Worker = (globalThis as { Worker?: WorkerConstructor }).Worker;
  if (!Worker) {
    return undefined;
  }
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  try {
    const worker = new Worker(url, { name: 'JSONBin validation' });
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
      events.stopped(new Error(`The validation worker stopped: ${event.message ?? 'it failed to start'}`));
    });
    return worker;
  } catch {
    // A policy that forbids workers from Blob URLs refuses here.
    workersFail = true;
    URL.revokeObjectURL(url);
    return undefined;
  }
}

function onThisThread(source: string, events: WorkerEvents): Pick<BrowserWorker, 'postMessage' | 'terminate'> {
  const listeners: ((event: { data: unknown }) => void)[] = [];
  let stopped = false;
  const scope = {
    addEventListener: (_type: 'message', listener: (event: { data: unknown }) => void) => listeners.push(listener),
    // Answers arrive later, as a worker's would: never inside the call that asked.
    postMessage: (answer: unknown) => setTimeout(() => stopped || events.message(answer), 0),
  };
  // The worker's own script, as a worker would run it: no other code is ever run this way.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const script = new Function('self', source) as (self: typeof scope) => void;
  script(scope);
  return {
    postMessage: (message) => setTimeout(() => listeners.forEach((listener) => stopped || listener({ data: message })), 0),
    terminate: () => {
      stopped = true;
    },
  };
}

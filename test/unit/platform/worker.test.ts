/**
 * The browser's validation worker (src/platform/web/worker.ts) where a Web Worker cannot start or
 * fails: Node has no Web Worker, so each case stands one in. The script is the real web bundle's.
 */
import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { host } from '../../../src/platform/web/host';
import type { Host, WorkerEvents, WorkerScript } from '../../../src/platform';
import type { ValidationAnswer } from '../../../src/core/schema/validation';

const path = join(__dirname, '..', '..', '..', '..', host.validationWorkerFile);
const script: WorkerScript = { fsPath: path, read: () => readFile(path) };
const check = { op: 'check', text: '{"a": }', maxPlaced: 10, id: 7 };

/** The web host as a new window has it: what an earlier case learned of Workers is forgotten. */
function freshHost(): Host {
  for (const module of ['host', 'worker']) {
    delete require.cache[require.resolve(`../../../src/platform/web/${module}`)];
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../../../src/platform/web/host') as { host: Host }).host;
}

/** Starts a worker, posts one check and collects what it says until `done` holds. */
function run(web: Host, done: (said: string[]) => boolean): Promise<string[]> {
  const said: string[] = [];
  return new Promise((resolve) => {
    const events: WorkerEvents = {
      message: (answer) => {
        said.push(`answer ${(answer as ValidationAnswer).id}`);
        if (done(said)) resolve(said);
      },
      stopped: (error) => {
        said.push(`stopped: ${error.message}`);
        if (done(said)) resolve(said);
      },
    };
    web.startWorker(script, events).post(check, []);
  });
}

describe('web validation worker', () => {
  const global = globalThis as { Worker?: unknown };
  afterEach(() => delete global.Worker);

  it('runs the script on this thread when no Worker can start, and says nothing else', async () => {
    let tried = 0;
    global.Worker = class {
      constructor() {
        tried++;
        throw new Error('refused by policy');
      }
    };
    const web = freshHost();
    assert.deepEqual(await run(web, (said) => said.length === 1), ['answer 7']);
    assert.deepEqual(await run(web, (said) => said.length === 1), ['answer 7']);
    assert.equal(tried, 1, 'not tried again once refused');
  });

  it('says once that a Worker failing before it answers stopped, and the next one runs on this thread', async () => {
    let terminated = 0;
    global.Worker = class {
      private readonly listeners: Record<string, (event: { message: string }) => void> = {};
      addEventListener(type: string, listener: (event: { message: string }) => void) {
        this.listeners[type] = listener;
      }
      postMessage() {
        setTimeout(() => this.listeners.error({ message: 'script error' }), 0);
        setTimeout(() => this.listeners.error({ message: 'again' }), 0);
      }
      terminate() {
        terminated++;
      }
    };
    const web = freshHost();
    assert.deepEqual(await run(web, (said) => said.length === 1), ['stopped: The validation worker stopped: script error']);
    assert.equal(terminated, 1, 'the failed Worker is terminated');
    assert.deepEqual(await run(web, (said) => said.length === 1), ['answer 7'], 'on this thread');
  });

  it('says it stopped when it is terminated, and answers nothing after', async () => {
    const said: string[] = [];
    const reading = readFile(path);
    const worker = host.startWorker({ ...script, read: () => reading }, { message: () => said.push('answer'), stopped: (e) => said.push(e.message) });
    worker.post(check, []);
    await worker.terminate();
    await worker.terminate();
    // The script arrives after the stop: nothing runs it. What it would set going comes before the next turn.
    await reading;
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(said, ['The validation worker was stopped']);
  });
});

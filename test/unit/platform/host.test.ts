/**
 * The browser's side of the platform, run in plain Node: the same digests as Node's, and the
 * bundled validation worker answering as the Node one does. Node has no Web Worker, so this runs
 * the worker's script on this thread: the fallback the browser takes where no Worker can start.
 */
import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { host as nodeHost } from '../../../src/platform/node/host';
import { host as webHost } from '../../../src/platform/web/host';
import type { Host, WorkerScript } from '../../../src/platform';
import type { ValidationAnswer, ValidationRequest } from '../../../src/core/schema/validation';
import { WORKER } from '../../support/workerScript';

const root = join(__dirname, '..', '..', '..', '..');

describe('platform', () => {
  it('hashes as Node does on every host', () => {
    const samples = [new Uint8Array(0), new TextEncoder().encode('{"héllo": "✓"}'), crypto.getRandomValues(new Uint8Array(65_536))];
    for (const bytes of samples) {
      assert.equal(webHost.sha256(bytes), nodeHost.sha256(bytes));
    }
  });

  describe('the validation worker', () => {
    const webWorker: WorkerScript = {
      fsPath: join(root, webHost.validationWorkerFile),
      read: () => readFile(join(root, webHost.validationWorkerFile)),
    };
    const schema = { id: 's', text: JSON.stringify({ type: 'object', required: ['title'], properties: { title: { type: 'string' } } }) };
    const requests: ValidationRequest[] = [
      { op: 'check', schema, text: '{\n  "title": 5\n}', maxPlaced: 10, id: 1 },
      { op: 'check', schema: { id: 's' }, text: '{}', maxPlaced: 10, id: 2 },
      { op: 'check', text: '{"broken": }', maxPlaced: 10, id: 3 },
      { op: 'schemaProblem', schemaText: '{"type": "no such type"}', id: 4 },
    ];

    async function answers(platform: Host, script: WorkerScript): Promise<ValidationAnswer[]> {
      const received: ValidationAnswer[] = [];
      let worker: ReturnType<Host['startWorker']> | undefined;
      try {
        await new Promise<void>((resolve, reject) => {
          worker = platform.startWorker(script, {
            message: (answer) => received.push(answer as ValidationAnswer) === requests.length && resolve(),
            stopped: reject,
          });
          worker.busy(true);
          requests.forEach((request) => worker!.post(request, []));
        });
      } finally {
        await worker?.terminate();
      }
      return received.sort((a, b) => a.id - b.id);
    }

    it('answers from the browser bundle as the Node worker does, problems at the same places', async () => {
      const web = await answers(webHost, webWorker);
      assert.deepEqual(web, await answers(nodeHost, WORKER));
      const [placed] = web;
      assert.ok(JSON.stringify(placed.result).includes('"type"'), 'the type problem is placed');
    });
  });
});

/** The compiled validation worker, as the tests in plain Node start it. */
import { readFile } from 'node:fs/promises';
import type { WorkerScript } from '../../src/platform';

export const WORKER: WorkerScript = {
  fsPath: require.resolve('../../src/core/schema/validationWorker'),
  read: () => readFile(WORKER.fsPath),
};

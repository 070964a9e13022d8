// 5. Change Bins: a one-operation JSON Patch applied to 200 bins of 10 KB in a collection with a
// schema doc, as the programmatic `apply: true` runs it (each bin read, patched, checked by the
// write path's record checks and the schema doc, then PUT), against the same reads and PUTs alone
// (each record patched by hand, unchecked). The local service runs in a process of its own, as a
// service does on its own machine: its work does not take turns with the extension's on one thread.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { judge } from './report.mjs';
import { alternating, fmtStat } from './stats.mjs';

const require = createRequire(import.meta.url);
const { BinClient } = require('../out/src/core/api/index.js');
const { accountBins } = require('../out/test/unit/core/store/accountBins.js');
const { applyChange, previewChange } = require('../out/src/core/store/manyBinsChange.js');
const { checkRecordChange } = require('../out/src/core/store/recordPatch.js');
const { courseModule, courseModuleSchema } = require('../out/test/service/courseModule.js');

const BINS = 200;
const SIZE = 10 * 1024;
const ROUNDS = 15;

/** `npm run serve` on a free port: its URL and its free plan's key, once it printed them. */
async function serviceProcess() {
  const child = spawn(process.execPath, [new URL('../out/test/service/cli.js', import.meta.url).pathname], { env: { ...process.env, PORT: '0' } });
  let printed = '';
  child.stdout.on('data', (chunk) => (printed += chunk));
  while (!/free plan key: (\S+)/.test(printed)) await once(child.stdout, 'data');
  const url = /at (http\S+)/.exec(printed)[1];
  const key = /free plan key: (\S+)/.exec(printed)[1];
  const clients = [];
  return {
    free: { key, plan: 'free' },
    client: (account, options) => {
      const client = new BinClient({ baseUrl: url, key: () => account.key, plan: () => account.plan, ...options });
      clients.push(client);
      return client;
    },
    close: async () => {
      await Promise.all(clients.map((c) => c.close()));
      child.kill();
    },
  };
}

export async function benchChangeBins() {
  const f = await serviceProcess();
  const a = accountBins(f);
  const collectionId = (await a.client.createCollection('bench')).id;
  const schema = {
    type: 'object',
    required: ['revision', 'modules'],
    properties: { revision: { type: 'integer' }, modules: { type: 'array', items: courseModuleSchema }, notes: { type: 'string' } },
  };
  await a.client.attachSchemaDoc(collectionId, (await a.client.createSchemaDoc('course', schema)).metadata.id);
  // Two course modules, and notes that bring the record to 10 KB as sent.
  const record = { revision: 0, modules: [0, 1].map((n) => courseModule('Geometric optics', n)), notes: '' };
  record.notes = 'n'.repeat(SIZE - JSON.stringify(record).length);
  const ids = [];
  for (let i = 0; i < BINS; i++) ids.push((await a.client.createBin({ record, collectionId })).metadata.id);
  const targets = ids.map((id) => ({ id }));
  const parts = { client: a.client, writes: a.writes, schemaDocs: a.schemaDocs, binCollections: a.binCollections, unsaved: () => false, stopped: () => false };

  let revision = 0;
  const changeBins = async () => {
    const change = checkRecordChange({ patch: [{ op: 'replace', path: '/revision', value: ++revision }] });
    const preview = await previewChange(parts, targets, change);
    const applied = await applyChange(parts, preview, false, () => []);
    if (applied.changed.length !== BINS) throw new Error(`changed ${applied.changed.length}: ${JSON.stringify(preview.invalid[0] ?? applied.failed[0])}`);
  };
  const alone = async () => {
    const value = ++revision;
    const records = [];
    for (const id of ids) records.push((await a.client.readBin(id)).record);
    for (const [i, id] of ids.entries()) await a.client.updateBin(id, { ...records[i], revision: value });
  };
  // The warm-up reads and compiles the schema doc and opens the pool's sockets.
  const [c, r, ratios] = await alternating(changeBins, alone, ROUNDS);
  a.dispose();
  await f.close();
  return { size: JSON.stringify(record).length, change: c, alone: r, ratio: ratios.median, ratios };
}

const SECTION = 'Change Bins: a one-operation patch applied to 200 bins against the same reads and PUTs alone, local service over loopback';

export function changeBinsRows(r, report) {
  report.add({
    section: SECTION,
    name: `${BINS} bins of ${(r.size / 1024).toFixed(1)} KB: Change Bins (read, patch, check, PUT) / reads and PUTs alone`,
    value: r.ratio,
    unit: '×',
    comparison: `median of ${ROUNDS} rounds' ratios (${r.ratios.min.toFixed(2)}–${r.ratios.max.toFixed(2)}); Change Bins ${fmtStat(r.change)}, reads and PUTs alone ${fmtStat(r.alone)}`,
    ...judge(r.ratio, '<=', 1.1, '×'),
  });
}

// 4. Validate Collection: 1,000 bins of 11.5 KB checked against their schema doc, against
// the same listing and reads alone (one at a time, as the check reads; `readBin` parses each answer,
// where the check hands it to the validation worker unparsed), local service over loopback.
import { createRequire } from 'node:module';
import { judge } from './report.mjs';
import { alternating, fmtStat } from './stats.mjs';

const require = createRequire(import.meta.url);
const { BINS_PER_PAGE, BinClient } = require('../out/src/core/api/index.js');
const { checkCollection } = require('../out/src/core/store/collectionCheck.js');
const { SchemaDocs } = require('../out/src/core/schema/schemaDocs.js');
const { Validation } = require('../out/src/core/schema/validation.js');
const { BinService } = require('../out/test/service/server.js');
const { courseModule, courseModuleSchema } = require('../out/test/service/courseModule.js');
const { WORKER } = require('../out/test/support/workerScript.js');

const BINS = 1000;
const ROUNDS = 5;

export async function benchCollectionCheck() {
  const service = new BinService();
  await service.start();
  service.logging = false;
  const account = service.addAccount('paid');
  const client = new BinClient({ baseUrl: service.baseUrl, key: () => account.key, plan: () => 'paid' });
  const collectionId = (await client.createCollection('bench')).id;
  const schema = { type: 'object', required: ['modules'], properties: { modules: { type: 'array', items: courseModuleSchema } } };
  const schemaDocId = (await client.createSchemaDoc('course', schema)).metadata.id;
  await client.attachSchemaDoc(collectionId, schemaDocId);
  const record = { modules: [1, 2, 3].map((n) => courseModule('Geometric optics', n)) };
  for (let i = 0; i < BINS; i++) {
    service.store.createBin(account, record, { private: true, collectionId });
  }
  const validation = new Validation(WORKER);
  const schemaDocs = new SchemaDocs(() => client, validation);

  const check = async () => {
    const result = await checkCollection(client, schemaDocs, collectionId);
    if (result.checked !== BINS || result.failing.length > 0) throw new Error(`checked ${result.checked}, ${result.failing.length} failing`);
  };
  const readsAlone = async () => {
    const ids = [];
    for (let page; !page || page.length === BINS_PER_PAGE;) {
      page = await client.listBins(collectionId, ids.at(-1));
      ids.push(...page.map((b) => b.id));
    }
    for (const id of ids) await client.readBin(id);
  };
  // The warm-up reads and compiles the schema doc and opens the pool's sockets.
  const [c, r, ratios] = await alternating(check, readsAlone, ROUNDS);
  await validation.dispose();
  await client.close();
  await service.stop();
  return { size: Buffer.byteLength(JSON.stringify(record)), check: c, reads: r, ratio: ratios.median, ratios };
}

const SECTION = 'Validate Collection: 1,000 bins against the same reads alone, local service over loopback';

export function collectionCheckRows(r, report) {
  report.add({
    section: SECTION,
    name: `${BINS} bins of ${(r.size / 1024).toFixed(1)} KB: check time / reads alone`,
    value: r.ratio,
    unit: '×',
    comparison: `median of ${ROUNDS} rounds' ratios (${r.ratios.min.toFixed(2)}–${r.ratios.max.toFixed(2)}); check ${fmtStat(r.check)}, reads alone ${fmtStat(r.reads)}`,
    ...judge(r.ratio, '<=', 1.15, '×'),
  });
}

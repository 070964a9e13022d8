// 2. Client overhead: the project's client against a bare undici request with the same
// connection settings, reading a 10 KB bin from the local bin service.
import { createRequire } from 'node:module';
import { Agent } from 'undici';
import { fmtStat, summarize } from './stats.mjs';

const require = createRequire(import.meta.url);
const { BinClient } = require('../out/src/api/client.js');
const { BinService } = require('../out/test/service/server.js');
const { courseModule } = require('../out/test/service/courseModule.js');

const SEQUENTIAL = 2000;
const CONCURRENT = 200;
/** Waves of 200 at once per round: one wave lasts a few milliseconds, too short to time alone on a noisy machine. */
const WAVES = 10;
const ROUNDS = 10;

export async function benchClient() {
  const service = new BinService();
  await service.start();
  service.logging = false;
  const account = service.addAccount('paid');
  const record = { modules: [1, 2, 3].map((n) => courseModule('Geometric optics', n)) };
  const client = new BinClient({ baseUrl: service.baseUrl, key: () => account.key, plan: () => 'paid' });
  const id = (await client.createBin({ record })).metadata.id;
  const size = Buffer.byteLength(JSON.stringify({ record }));

  // The same pool settings as the client's transport.
  const agent = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 60_000, connections: 16 });
  const url = new URL(service.baseUrl);
  const bare = async () => {
    const response = await agent.request({
      origin: url.origin,
      path: `${url.pathname}/b/${id}/latest`,
      method: 'GET',
      headers: { 'X-Master-Key': account.key },
      signal: AbortSignal.timeout(30_000),
    });
    if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
    return JSON.parse(await response.body.text());
  };
  const project = () => client.readBin(id);

  let failures = 0;
  const guard = (fn) => () => fn().catch(() => failures++);
  const sequential = async (fn) => {
    const start = performance.now();
    for (let i = 0; i < SEQUENTIAL; i++) await guard(fn)();
    return performance.now() - start;
  };
  const concurrent = async (fn) => {
    const start = performance.now();
    for (let wave = 0; wave < WAVES; wave++) await Promise.all(Array.from({ length: CONCURRENT }, guard(fn)));
    return performance.now() - start;
  };

  const results = { sequential: { project: [], bare: [] }, concurrent: { project: [], bare: [] } };
  await sequential(project);
  await sequential(bare);
  let projectSockets = 0;
  let bareSockets = 0;
  const measure = async (name, fn) => {
    const mark = service.connections;
    results.sequential[name].push(await sequential(fn));
    results.concurrent[name].push(await concurrent(fn));
    return service.connections - mark;
  };
  // Which side goes first alternates, so that drift of a noisy machine falls on both.
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      projectSockets += await measure('project', project);
      bareSockets += await measure('bare', bare);
    } else {
      bareSockets += await measure('bare', bare);
      projectSockets += await measure('project', project);
    }
  }
  const summary = {};
  for (const mode of ['sequential', 'concurrent']) {
    const p = summarize(results[mode].project);
    const b = summarize(results[mode].bare);
    summary[mode] = { project: p, bare: b, overhead: p.median / b.median - 1 };
  }
  await client.close();
  await agent.close();
  await service.stop();
  return { size, failures, projectSockets, bareSockets, summary, requests: ROUNDS * (SEQUENTIAL + WAVES * CONCURRENT) };
}

export function printClient(r, table) {
  table.section(`2. Client overhead (${(r.size / 1024).toFixed(1)} KB bin; ${ROUNDS} rounds; project client vs bare undici, same pool settings)`);
  for (const mode of ['sequential', 'concurrent']) {
    const s = r.summary[mode];
    const count = mode === 'sequential' ? `${SEQUENTIAL} in sequence` : `${CONCURRENT} at once, ${WAVES} waves`;
    table.row(
      `${count}, per round`,
      `project ${fmtStat(s.project)}; bare ${fmtStat(s.bare)}; overhead ${(s.overhead * 100).toFixed(1)} %`,
      `median overhead ≤ 10 %: ${s.overhead <= 0.1 ? 'met' : 'MISSED'}`,
    );
  }
  table.row('failed requests', `${r.failures} of ${2 * r.requests}`, `0: ${r.failures === 0 ? 'met' : 'MISSED'}`);
  table.row('sockets opened during the measured rounds', `project ${r.projectSockets}, bare ${r.bareSockets} (pool of 16)`, 'connections reused');
}

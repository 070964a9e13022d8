// 2. Client overhead: the project's client against a bare undici request with the same
// connection settings, reading a 10 KB bin from the local bin service; and the browser build's
// client (fetch, the web platform) against a bare fetch, in the same run.
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { Agent } from 'undici';
import { webPlatform } from '../esbuild.mjs';
import { judge } from './report.mjs';
import { fmtStat, summarize } from './stats.mjs';

const require = createRequire(import.meta.url);
const { BinClient } = require('../out/src/core/api/client.js');
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

  // The browser's stack: the client built as the web bundle builds it, against a bare fetch.
  const { BinClient: WebBinClient } = await webApi();
  const webClient = new WebBinClient({ baseUrl: service.baseUrl, key: () => account.key, plan: () => 'paid' });
  const bareFetch = async () => {
    const response = await fetch(`${service.baseUrl}/b/${id}/latest`, { headers: { 'X-Master-Key': account.key }, signal: AbortSignal.timeout(30_000) });
    if (response.status !== 200) throw new Error(`status ${response.status}`);
    return response.json();
  };
  const fetchTimes = { project: [], bare: [] };
  await concurrent(() => webClient.readBin(id));
  await concurrent(bareFetch);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['project', 'bare'] : ['bare', 'project'];
    for (const name of order) {
      fetchTimes[name].push(await concurrent(name === 'project' ? () => webClient.readBin(id) : bareFetch));
    }
  }
  await webClient.close();
  const fp = summarize(fetchTimes.project);
  const fb = summarize(fetchTimes.bare);
  summary.fetch = { project: fp, bare: fb, overhead: fp.median / fb.median - 1 };
  service.logging = true;
  const owner = new BinClient({ baseUrl: service.baseUrl, key: () => account.key, plan: () => 'paid' });
  const privateId = (await owner.createBin({ record, private: true })).metadata.id;
  await owner.close();
  const wrongKey = await badKeyRequests(service, privateId);
  await service.stop();
  return {
    size,
    failures,
    projectSockets,
    bareSockets,
    summary,
    requests: ROUNDS * (SEQUENTIAL + WAVES * CONCURRENT),
    fetchRequests: 2 * ROUNDS * WAVES * CONCURRENT,
    badKeyRequests: wrongKey,
  };
}

/** The service client as the browser's bundle has it (fetch, the web platform), built for this process. */
async function webApi() {
  const outfile = join(tmpdir(), `jsonbin-bench-web-api-${process.pid}.mjs`);
  const root = resolve(import.meta.dirname, '..');
  await build({
    entryPoints: [join(root, 'src', 'core', 'api', 'index.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    // As the web bundle builds it: packages' browser builds (@vscode/l10n's Node build reads files).
    platform: 'browser',
    plugins: [webPlatform],
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}

const SECTION = 'Client: the project client vs bare undici (same pool settings), local service over loopback';

export function clientRows(r, report) {
  for (const mode of ['concurrent', 'sequential']) {
    const s = r.summary[mode];
    const what = mode === 'concurrent' ? `${CONCURRENT} concurrent reads, ${WAVES} waves` : `${SEQUENTIAL} sequential reads`;
    report.add({
      section: SECTION,
      name: `${what} of a ${(r.size / 1024).toFixed(1)} KB bin: overhead`,
      value: s.overhead * 100,
      unit: '%',
      comparison: `per round: project ${fmtStat(s.project)}, bare ${fmtStat(s.bare)}; ${ROUNDS} rounds`,
      ...(mode === 'concurrent' ? judge(s.overhead * 100, '<=', 10, '%') : {}),
    });
  }
  const f = r.summary.fetch;
  report.add({
    section: SECTION,
    name: `browser build (fetch): ${CONCURRENT} concurrent reads, ${WAVES} waves: overhead vs bare fetch`,
    value: f.overhead * 100,
    unit: '%',
    comparison: `per round: project ${fmtStat(f.project)}, bare fetch ${fmtStat(f.bare)}; ${ROUNDS} rounds, in this run`,
    ...judge(f.overhead * 100, '<=', 10, '%'),
  });
  report.add({ section: SECTION, name: 'failed requests', value: r.failures, unit: `of ${2 * r.requests + r.fetchRequests}`, ...judge(r.failures, '=', 0) });
  report.add({
    section: SECTION,
    name: 'sockets opened during the measured rounds',
    value: `project ${r.projectSockets}, bare ${r.bareSockets} (pool of 16)`,
    unit: '',
  });
  report.add({
    section: SECTION,
    name: 'requests when a wrong key meets a private bin',
    value: r.badKeyRequests,
    unit: 'requests',
    ...judge(r.badKeyRequests, '=', 1),
  });
}

/** A key the service never accepted, reading a private bin: refused once, and not asked again without the key. */
async function badKeyRequests(service, id) {
  const client = new BinClient({ baseUrl: service.baseUrl, key: () => 'not-the-key', plan: () => 'paid' });
  const before = service.log.length;
  await client.readBin(id).then(
    () => {
      throw new Error('a wrong key read a private bin');
    },
    () => undefined,
  );
  await client.close();
  return service.log.length - before;
}

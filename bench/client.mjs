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
/** Waves of 200 at once per round, each side's in turn: one wave lasts a few milliseconds, too short to judge alone on a noisy machine. */
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
  /** 100 reads one after another. */
  const hundredInTurn = async (fn) => {
    for (let i = 0; i < 100; i++) await guard(fn)();
  };
  /** One wave: `CONCURRENT` reads at once. */
  const wave = (fn) => Promise.all(Array.from({ length: CONCURRENT }, guard(fn)));
  const sockets = { project: 0, bare: 0 };
  /**
   * A round: `pieces` pieces of work of each side, the sides taking turns piece by piece (which
   * goes first alternates), so that a garbage collection or a stall of the machine falls on both
   * alike; each side's total time in the round.
   */
  const interleaved = async (sides, piece, pieces) => {
    const totals = Object.fromEntries(Object.keys(sides).map((name) => [name, 0]));
    for (let i = 0; i < pieces; i++) {
      const names = Object.keys(sides);
      for (const name of i % 2 === 0 ? names : names.reverse()) {
        const mark = service.connections;
        const start = performance.now();
        await piece(sides[name]);
        totals[name] += performance.now() - start;
        sockets[name] = (sockets[name] ?? 0) + service.connections - mark;
      }
    }
    return totals;
  };

  const results = { sequential: { project: [], bare: [] }, concurrent: { project: [], bare: [] } };
  await interleaved({ project, bare }, hundredInTurn, SEQUENTIAL / 100);
  sockets.project = sockets.bare = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [mode, piece, pieces] of [
      ['sequential', hundredInTurn, SEQUENTIAL / 100],
      ['concurrent', wave, WAVES],
    ]) {
      const totals = await interleaved({ project, bare }, piece, pieces);
      results[mode].project.push(totals.project);
      results[mode].bare.push(totals.bare);
    }
  }
  const projectSockets = sockets.project;
  const bareSockets = sockets.bare;
  const summary = {};
  for (const mode of ['sequential', 'concurrent']) {
    summary[mode] = overhead(results[mode].project, results[mode].bare);
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
  const fetchSides = { project: () => webClient.readBin(id), bare: bareFetch };
  await interleaved(fetchSides, wave, WAVES);
  for (let round = 0; round < ROUNDS; round++) {
    const totals = await interleaved(fetchSides, wave, WAVES);
    fetchTimes.project.push(totals.project);
    fetchTimes.bare.push(totals.bare);
  }
  await webClient.close();
  summary.fetch = overhead(fetchTimes.project, fetchTimes.bare);
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

/**
 * The project's time over the bare one's, as the median of the rounds' own ratios: a round's two
 * sides ran moments apart, under the same load, so their ratio is steadier than that of the medians.
 */
function overhead(project, bare) {
  const ratios = summarize(project.map((t, round) => t / bare[round]));
  return { project: summarize(project), bare: summarize(bare), ratios, overhead: ratios.median - 1 };
}

const fmtRatios = (r) => `${((r.min - 1) * 100).toFixed(1)}–${((r.max - 1) * 100).toFixed(1)} %`;

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
      comparison: `median of ${ROUNDS} rounds' ratios (${fmtRatios(s.ratios)}); per round: project ${fmtStat(s.project)}, bare ${fmtStat(s.bare)}`,
      ...(mode === 'concurrent' ? judge(s.overhead * 100, '<=', 10, '%') : {}),
    });
  }
  const f = r.summary.fetch;
  report.add({
    section: SECTION,
    name: `browser build (fetch): ${CONCURRENT} concurrent reads, ${WAVES} waves: overhead vs bare fetch`,
    value: f.overhead * 100,
    unit: '%',
    comparison: `median of ${ROUNDS} rounds' ratios (${fmtRatios(f.ratios)}); per round: project ${fmtStat(f.project)}, bare fetch ${fmtStat(f.bare)}, in this run`,
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

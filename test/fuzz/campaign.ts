/**
 * The fuzz campaign: the client against malformed answers, validation against hostile records and
 * schema docs. `npm test` runs a seeded slice (test/unit/fuzz/campaign.test.ts); `npm run fuzz -- --runs
 * 10000 [--seed N]` runs the long one and prints its figures.
 */
import { createServer, type Server } from 'node:http';
import fc from 'fast-check';
import { clientProperty } from './clientProperty';
import { Figures } from './figures';
import { HostileService } from './hostileService';
import { validationProperty } from './validationProperty';

export interface Outcome {
  figures: Figures[];
  /** fast-check's report of each property that failed, with its seed and counterexample. */
  failures: string[];
}

/** A loopback server that remote `$ref`s point at: any request it gets is a fetch that must not happen. */
async function refTarget(): Promise<{ url: string; hits: () => number; close(): Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((_, res) => {
    hits++;
    res.end('{"type": "string"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, hits: () => hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function check<T>(figures: Figures, property: fc.IAsyncProperty<T>, runs: number, seed: number): Promise<string | undefined> {
  const details = await fc.check(property, { numRuns: runs, seed, endOnFailure: true });
  if (details.failed) {
    figures.failures++;
    const why = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    return `${figures.property}: ${why}\n${fc.defaultReportMessage(details) ?? ''}`;
  }
  return undefined;
}

export async function campaign(runs: number, seed: number): Promise<Outcome> {
  const figures: Figures[] = [];
  const failures: string[] = [];
  const service = new HostileService();
  const baseUrl = await service.start();
  const target = await refTarget();
  // A fetch by any other road (the global fetch) counts too.
  const realFetch = globalThis.fetch;
  let fetches = 0;
  globalThis.fetch = (...args: Parameters<typeof fetch>) => {
    fetches++;
    return realFetch(...args);
  };
  try {
    const client = new Figures('every client operation against a malformed answer');
    figures.push(client);
    const clientFailure = await check(client, clientProperty(service, baseUrl, client), runs, seed);
    const validation = new Figures('validation of a hostile record against a hostile schema doc');
    figures.push(validation);
    const validationFailure = await check(
      validation,
      validationProperty(target.url, () => target.hits() + fetches, validation),
      runs,
      seed,
    );
    failures.push(...[clientFailure, validationFailure].filter((f): f is string => f !== undefined));
  } finally {
    globalThis.fetch = realFetch;
    await service.stop();
    await target.close();
  }
  return { figures, failures };
}

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

if (require.main === module) {
  void (async () => {
    const runs = option('runs', 1000);
    const seed = option('seed', Date.now() % 2 ** 31);
    const started = Date.now();
    const { figures, failures } = await campaign(runs, seed);
    console.log(`fuzz campaign: ${runs} cases per property, seed ${seed}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    console.log('| property | cases | failures | worst settle time | peak heap |');
    console.log('| --- | --- | --- | --- | --- |');
    figures.forEach((f) => console.log(f.row()));
    failures.forEach((f) => console.error(`\n${f}`));
    process.exit(failures.length > 0 ? 1 : 0);
  })();
}

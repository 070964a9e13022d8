/**
 * `npm run serve`: the local bin service on a fixed port, with a free and a paid account.
 * `-- --minimal` answers only the required fields; `-- --bare-routes` lacks the routes beyond the
 * contract and ignores `X-Bin-Meta` and `X-JSON-Path` on reads.
 */
import { BinService } from './server';

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8787);
  const service = new BinService({
    port,
    minimal: process.argv.includes('--minimal'),
    bareRoutes: process.argv.includes('--bare-routes'),
  });
  const url = await service.start();
  const free = service.addAccount('free');
  const paid = service.addAccount('paid');
  console.log(`Local bin service at ${url}${service.mode ? ` (${service.mode})` : ''}`);
  console.log(`  free plan key: ${free.key}`);
  console.log(`  paid plan key: ${paid.key}`);
  console.log('Ctrl+C stops it.');
  const stop = () => void service.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();

/** A local bin service with accounts, and clients for them, for tests in plain Node. */
import * as assert from 'node:assert/strict';
import { BinClient, BinServiceError, type ClientOptions } from '../../src/core/api';
import { BinService, type ServiceOptions } from '../service/server';
import type { Account } from '../service/store';

export interface Fixture {
  service: BinService;
  free: Account;
  paid: Account;
  other: Account;
  client(account?: Account, options?: Partial<ClientOptions>): BinClient;
  /** A raw request, as any other client of the service would send it. */
  raw(
    method: string,
    path: string,
    headers?: Record<string, string>,
    body?: string,
  ): Promise<{ status: number; body: { message?: string } & Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function startFixture(options: ServiceOptions = {}): Promise<Fixture> {
  const service = new BinService(options);
  const baseUrl = await service.start();
  const free = service.addAccount('free');
  const paid = service.addAccount('paid');
  const other = service.addAccount('free');
  const clients: BinClient[] = [];
  return {
    service,
    free,
    paid,
    other,
    client(account?: Account, options: Partial<ClientOptions> = {}) {
      const client = new BinClient({
        baseUrl,
        key: () => account?.key,
        plan: () => account?.plan ?? 'free',
        backoffMs: 5,
        ...options,
      });
      clients.push(client);
      return client;
    },
    async raw(method, path, headers = {}, body) {
      const response = await fetch(baseUrl + path, { method, headers, body });
      return { status: response.status, body: (await response.json()) as { message?: string } };
    },
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      await service.stop();
    },
  };
}

/** The client's error a call fails with; a call that succeeds, or fails otherwise, fails the test. */
export async function rejection(promise: Promise<unknown>): Promise<BinServiceError> {
  const error = await promise.then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof BinServiceError, String(error));
  return error;
}

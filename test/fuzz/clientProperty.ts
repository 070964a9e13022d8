/**
 * Every client operation against every malformed answer: it settles within its time limit, resolves
 * with the documented shape or rejects with the project's error and a readable message, never
 * shows the key, never follows a redirect, says a record was stored only when the service said so,
 * says a change the service answered with success but that could not be read may have been done,
 * and resolves a read only with the record the service sent (one holding a number JavaScript
 * cannot hold is refused, its text kept as served).
 */
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { BinClient, BinServiceError, UnheldNumber, unheldInRecord, type RequestLogEntry } from '../../src/core/api';
import { answers, declaredBody, REDIRECT_TARGET, storedBy } from './answers';
import { within, type Figures } from './figures';
import type { HostileService } from './hostileService';
import { OPERATIONS } from './operations';

/** Shaped as the service's keys are, `$`, `/` and `.` included: an echo of it URL-encoded differs. */
const KEY = `$2a$10$${randomBytes(40).toString('base64').replace(/[+=]/g, '.').slice(0, 53)}`;
const KEY_FORMS = [KEY, encodeURIComponent(KEY)];
const TIMEOUT_MS = 300;
const MAX_ANSWER_BYTES = 64 * 1024;
/** Backoffs, timers and a busy machine: what a case may take beyond its attempts' time limits. */
const SLACK_MS = 1500;

/** Signs of a value turned into text by mistake (unless the service itself said them). */
const GARBLED = ['[object ', 'undefined', 'NaN'];

/** A message a person can read in a notification. */
function readable(message: string, answered: string): boolean {
  const garbled = GARBLED.some((sign) => message.includes(sign) && !answered.includes(sign));
  return message.trim().length > 0 && message.length <= 1000 && !garbled && !/[\p{Cc}\p{Cf}\p{Cs}]/u.test(message);
}

export function clientProperty(service: HostileService, baseUrl: string, figures: Figures) {
  const cases = fc
    .constantFrom(...OPERATIONS)
    .chain((operation) =>
      fc.tuple(fc.constant(operation), answers(operation.sample, MAX_ANSWER_BYTES * 2), fc.boolean(), fc.constantFrom<'master' | 'access'>('master', 'access')),
    );
  return fc.asyncProperty(cases, async ([operation, answer, keyChecked, keyKind]) => {
    service.reset(answer);
    const log: RequestLogEntry[] = [];
    const client = new BinClient({
      baseUrl,
      key: () => KEY,
      keyKind,
      keyChecked,
      timeoutMs: TIMEOUT_MS,
      maxAnswerBytes: MAX_ANSWER_BYTES,
      backoffMs: 1,
      onRequest: (e) => log.push(e),
    });
    const started = performance.now();
    let outcome: { resolved: true; value: unknown } | { resolved: false; error: unknown };
    try {
      outcome = { resolved: true, value: await within(30_000, operation.name, operation.call(client)) };
    } catch (error) {
      outcome = { resolved: false, error };
    } finally {
      await client.close();
    }
    const ms = performance.now() - started;
    figures.case(ms);
    const what = `${operation.name} answered ${answer.status} ${answer.length} ${answer.delivery} ${JSON.stringify(answer.body.slice(0, 80))}`;

    const attempts = Math.max(1, log.length);
    assert.ok(ms <= attempts * TIMEOUT_MS + SLACK_MS, `${what}: settled after ${ms.toFixed(0)} ms, over ${attempts} attempt(s) of ${TIMEOUT_MS} ms`);
    if (outcome.resolved) {
      assert.ok(operation.shape(outcome.value), `${what}: resolved with ${JSON.stringify(outcome.value)?.slice(0, 200)}`);
      if (operation.writesRecord) {
        assert.ok(storedBy(answer, KEY), `${what}: resolved though the service never said it stored the record`);
      }
      if (operation.readsRecord) {
        const served = servedRecord(declaredBody(answer, KEY));
        assert.ok(
          served === undefined || (await unheldInRecord(served)) === undefined,
          `${what}: resolved with ${JSON.stringify((outcome.value as { record: unknown }).record)?.slice(0, 200)}, not the record served`,
        );
      }
    } else {
      const { error } = outcome;
      if (error instanceof UnheldNumber) {
        // The record as served, only its spacing changed.
        const served = servedRecord(declaredBody(answer, KEY));
        assert.equal(spaceless(error.text), served && spaceless(served), `${what}: refused, keeping ${JSON.stringify(error.text.slice(0, 200))}`);
      }
      assert.ok(error instanceof BinServiceError, `${what}: rejected with ${String(error)}`);
      assert.ok(readable(error.message, answer.body), `${what}: rejected with a message nobody can read: ${JSON.stringify(error.message.slice(0, 200))}`);
      assert.ok(!KEY_FORMS.some((form) => error.message.includes(form)), `${what}: the key is in the message ${JSON.stringify(error.message)}`);
      const success = answer.status >= 200 && answer.status <= 299;
      if (operation.changes && success && log.some((e) => e.reached)) {
        assert.ok(
          error instanceof BinServiceError && error.kind === 'unknownOutcome' && /refresh to see before trying again$/.test(error.message),
          `${what}: a change answered ${answer.status} was reported as a failure: ${error instanceof BinServiceError ? error.kind : ''} ${String(error)}`,
        );
        // Once the status arrived, the message says what the service answered.
        const answered = log.some((e) => e.status === answer.status);
        assert.ok(
          !answered || error.message.includes(`answered ${answer.status}, but`) || error.message.includes('answered success, but'),
          `${what}: ${error.message}`,
        );
      }
    }
    assert.ok(!KEY_FORMS.some((form) => JSON.stringify(log).includes(form)), `${what}: the key is in the request log`);
    assert.ok(!service.arrived.some((a) => a.path.startsWith(REDIRECT_TARGET)), `${what}: a redirect was followed`);
  });
}

/** The text of the answer's `record`, as served; undefined when it has none. */
function servedRecord(body: string): string | undefined {
  const tree = parseTree(body);
  const node = tree && findNodeAtLocation(tree, ['record']);
  return node && body.slice(node.offset, node.offset + node.length);
}

/** A JSON text without the spacing between its tokens (inside strings too: both sides lose the same). */
function spaceless(text: string): string {
  return text.replace(/\s+/g, '');
}

import * as assert from 'node:assert/strict';

/** Answers are capped and nothing is kept between cases: a heap past this holds what it should not. */
const MAX_HEAP_BYTES = 512 * 2 ** 20;

/** What a property's run measured: cases, failures, the slowest case and the peak heap. */
export class Figures {
  cases = 0;
  failures = 0;
  worstMs = 0;
  peakHeapBytes = 0;
  constructor(readonly property: string) {}

  /** Called once per case, with how long it took to settle; fails the case once the heap passed its bound. */
  case(ms: number): void {
    this.cases++;
    this.worstMs = Math.max(this.worstMs, ms);
    if (this.cases % 25 === 0) {
      // With --expose-gc (npm run fuzz) the figure is what is still held, not garbage not yet collected.
      globalThis.gc?.();
      const heap = process.memoryUsage().heapUsed;
      this.peakHeapBytes = Math.max(this.peakHeapBytes, heap);
      assert.ok(heap < MAX_HEAP_BYTES, `the heap reached ${(heap / 2 ** 20).toFixed(0)} MB after ${this.cases} cases`);
    }
  }

  row(): string {
    return `| ${this.property} | ${this.cases} | ${this.failures} | ${this.worstMs.toFixed(0)} ms | ${(this.peakHeapBytes / 2 ** 20).toFixed(0)} MB |`;
  }
}

/** Fails a case that has not settled within `ms`: a hung promise is a failure, not a hung run. */
export function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms`)), ms)));
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

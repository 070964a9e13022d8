// Median and spread of repeated measurements; the bench reports ratios measured in one run.
export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], n: sorted.length };
}

export function fmtMs(ms) {
  return ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(0)} µs`;
}

export function fmtStat(s) {
  return `${fmtMs(s.median)} (${fmtMs(s.min)}–${fmtMs(s.max)}, n=${s.n})`;
}

export function fmtBytes(bytes) {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * Runs the functions in turn, `runs` times each after `warmup` rounds, returning each one's
 * summary. Every other round runs them in reverse order: a function that leaves garbage behind
 * (the language service) would otherwise always hand its collection to the same one.
 */
export async function alternate(fns, runs, warmup = 2) {
  const samples = fns.map(() => []);
  for (let i = 0; i < warmup + runs; i++) {
    const order = [...fns.entries()];
    for (const [j, fn] of i % 2 === 0 ? order : order.reverse()) {
      const t = await time(fn);
      if (i >= warmup) samples[j].push(t);
    }
  }
  return samples.map(summarize);
}

export async function time(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** The spread alone, for a row whose value is the median. */
export function fmtSpread(s) {
  return `${fmtMs(s.min)}–${fmtMs(s.max)}, n=${s.n}`;
}

/**
 * Times two sides of a comparison `rounds` times each, after one warm-up run of each; which side
 * goes first alternates, so that drift of a noisy machine falls on both. Their medians and spreads,
 * and the median of the rounds' own ratios (first / second): a round's two sides ran moments apart,
 * under the same load, so their ratio is steadier than the ratio of the two medians.
 */
export async function alternating(first, second, rounds) {
  const timed = async (fn) => {
    const start = performance.now();
    await fn();
    return performance.now() - start;
  };
  await first();
  await second();
  const times = [[], []];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const side of order) times[side].push(await timed(side === 0 ? first : second));
  }
  const ratios = summarize(times[0].map((t, round) => t / times[1][round]));
  return [summarize(times[0]), summarize(times[1]), ratios];
}

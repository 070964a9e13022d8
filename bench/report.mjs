// Every figure of the benchmark as a row: its value, spread, what it was compared with in the same
// run, its target and whether the target is met. Printed as a table, or as JSON for tools.
import { fmtMs } from './stats.mjs';

/** @typedef {{ section: string, name: string, value: number | string, unit: string, spread?: string, comparison?: string, target?: string, met?: boolean, bar?: number }} Row */

const COMPARE = { '<=': (v, l) => v <= l, '>=': (v, l) => v >= l, '=': (v, l) => v === l };

/** A target as text and its verdict: `judge(12, '<=', 20, 'ms')`. */
export function judge(value, op, limit, unit = '') {
  const shown = op === '=' ? `${limit}${unit ? ` ${unit}` : ''}` : `${op === '<=' ? '≤' : '≥'} ${limit}${unit ? ` ${unit}` : ''}`;
  return { target: shown, met: COMPARE[op](value, limit) };
}

export function createReport() {
  /** @type {Row[]} */
  const rows = [];
  return {
    rows,
    /** @param {Row} row */
    add(row) {
      rows.push(row);
    },
    print(write = console.log) {
      const width = Math.max(...rows.map((r) => r.name.length));
      let section;
      const out = [];
      for (const r of rows) {
        if (r.section !== section) {
          section = r.section;
          out.push('', section, '-'.repeat(section.length));
        }
        const value = typeof r.value === 'number' ? `${format(r.value, r.unit)}` : r.value;
        const parts = [value];
        if (r.spread) parts.push(`(${r.spread})`);
        if (r.comparison) parts.push(`— ${r.comparison}`);
        if (r.bar !== undefined) parts.unshift(`${'█'.repeat(Math.max(1, Math.round(r.bar * 40))).padEnd(40)} `);
        const verdict = r.target ? `  [target ${r.target}: ${r.met ? 'MET' : 'MISSED'}]` : '';
        out.push(`${r.name.padEnd(width)}  ${parts.join(' ')}${verdict}`);
      }
      const judged = rows.filter((r) => r.target);
      const missed = judged.filter((r) => !r.met);
      out.push(
        '',
        `${judged.length - missed.length} of ${judged.length} targets met${missed.length ? `; MISSED: ${missed.map((r) => r.name).join('; ')}` : ''}`,
      );
      write(out.join('\n'));
    },
    json() {
      return JSON.stringify(
        rows.map(({ section, name, value, unit, spread, comparison, target, met }) => ({
          section,
          name,
          value,
          unit,
          spread,
          comparison,
          target: target ?? null,
          met: met ?? null,
        })),
        null,
        2,
      );
    },
  };
}

function format(value, unit) {
  if (unit === 'ms') return fmtMs(value);
  if (unit === '×') return `${value.toFixed(1)}×`;
  if (unit === '%') return `${value.toFixed(1)} %`;
  if (unit === 'KB' || unit === 'MB') return `${value.toFixed(1)} ${unit}`;
  return `${value}${unit ? ` ${unit}` : ''}`;
}

/**
 * Context that does not flood: a record larger than the bound (the setting, or the caller's token
 * budget) is handed to the model as its size and its top-level keys with their types and sizes,
 * never as JSON cut short. A record holding a number JavaScript cannot hold is handed as its text.
 */
import { unheldInRecord } from '../api';
import type { CallParts } from './ports';

const encoder = new TextEncoder();

type Shape = { key: string; type: string; size: number };

function typeOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

function sizeOf(value: unknown): number {
  return encoder.encode(JSON.stringify(value)).byteLength;
}

/** The record itself, or its summary when its text is over the bound (the setting's, or the caller's token budget). */
export async function fitted(p: Pick<CallParts, 'settings' | 'withinBudget'>, text: string): Promise<Record<string, unknown>> {
  const value: unknown = JSON.parse(text);
  // Measured as the model is handed it: compact, not as a tab's indented text.
  const compact = JSON.stringify(value);
  const size = encoder.encode(compact).byteLength;
  const fits = size <= p.settings.maxRecordBytes() && (!p.withinBudget || (await p.withinBudget(compact)));
  if (fits) {
    // A number JavaScript cannot hold would reach the model as another value: the text as the service holds it, and why.
    const unheld = await unheldInRecord(text);
    return unheld === undefined ? { record: value } : { recordText: text, unheldNumber: unheld };
  }
  const entries: [string, unknown][] =
    value !== null && typeof value === 'object' ? (Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value)) : [];
  const keys: Shape[] = entries.slice(0, 200).map(([key, v]) => ({ key, type: typeOf(v), size: sizeOf(v) }));
  return {
    summarised: true,
    size,
    type: typeOf(value),
    ...(Array.isArray(value) ? { length: value.length } : {}),
    keys,
    ...(entries.length > keys.length ? { moreKeys: entries.length - keys.length } : {}),
    // For the model, in the words it is given the tools in.
    hint: 'The record is larger than the bound for chat: read the parts you need with jsonPath (e.g. "$.modules[0]" or "$.modules[*].title").',
  };
}

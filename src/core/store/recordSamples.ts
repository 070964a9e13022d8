/**
 * The records a schema doc is drafted from: bins given by id, or every bin of a collection. A bin
 * with unsaved edits in a tab is taken from the tab's text, without a read (as Validate Collection
 * takes it); the others cost one read each, and a collection its listing's pages too. Stopping
 * keeps what was read. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { BinServiceError, type BinClient, type Json } from '../api';
import { listCollection } from './collectionCheck';

export interface SampleOptions {
  /** The text of a bin's tab with unsaved edits: taken as it is, not read. */
  unsavedText?: (binId: string) => string | undefined;
  /** Told how many bins a collection's listing found, before any is read: it may refuse (throw) to stop there. */
  listed?: (bins: number, pages: number) => Promise<void>;
  progress?: (read: number, total: number) => void;
  /** Asked before each request: true stops, keeping what was read. */
  stopped?: () => boolean;
}

export interface Samples {
  records: Json[];
  /** The ids of the bins the records are of, in the same order. */
  sampled: string[];
  notRead: { id: string; reason: string }[];
  stopped: boolean;
}

export async function collectionSamples(client: BinClient, collectionId: string, options: SampleOptions = {}): Promise<Samples> {
  const listing = await listCollection(client, collectionId, () => options.stopped?.() ?? false);
  if (!listing) {
    return { records: [], sampled: [], notRead: [], stopped: true };
  }
  await options.listed?.(listing.bins.length, listing.pages);
  return binSamples(
    client,
    listing.bins.map((b) => b.id),
    options,
  );
}

export async function binSamples(client: BinClient, binIds: readonly string[], options: SampleOptions = {}): Promise<Samples> {
  const samples: Samples = { records: [], sampled: [], notRead: [], stopped: false };
  for (const id of binIds) {
    const text = options.unsavedText?.(id);
    if (text === undefined && (samples.stopped ||= options.stopped?.() ?? false)) {
      break;
    }
    try {
      samples.records.push(text === undefined ? (await client.readBin(id)).record : parseTab(text));
      samples.sampled.push(id);
    } catch (error) {
      samples.notRead.push({ id, reason: (error as Error).message });
      if (error instanceof BinServiceError && error.kind === 'allowanceExhausted') {
        samples.stopped = true;
        break;
      }
    }
    options.progress?.(samples.sampled.length + samples.notRead.length, binIds.length);
  }
  return samples;
}

function parseTab(text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    throw new Error(l10n.t('its tab holds JSON with syntax errors: fix them, or revert the tab to use the stored record'));
  }
}

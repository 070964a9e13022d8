/** The extension's settings, read where they are used so that changes apply at once. */
import * as vscode from 'vscode';
import { DEFAULT_MAX_ANSWER_BYTES, HOSTED_API_URL, normalizeBaseUrl } from '../core/api/serviceFacts';
import type { Plan } from '../core/api/json';
import { PROVIDERS, type LimitOverrides, type Provider } from '../core/schema/definitions/api';

export const DEFAULT_API_URL = HOSTED_API_URL;
const MB = 1024 * 1024;

function section(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('jsonbin');
}

/** A number setting within its documented range; anything else (a string, NaN, 1e309) takes the default. */
function bounded(name: string, fallback: number, min: number, max: number): number {
  const value = section().get<unknown>(name);
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

export const settings = {
  /** The safety settings have application scope: a workspace can never redirect the key or turn checks off. */
  apiUrl: (): string => normalizeBaseUrl(section().get<string>('apiUrl', DEFAULT_API_URL)),
  plan: (): Plan => (section().get<string>('plan') === 'paid' ? 'paid' : 'free'),
  conflictCheck: (): boolean => section().get<boolean>('conflictCheck', true) !== false,
  validation: (): boolean => section().get<boolean>('validation.enabled', true) !== false,
  /** Schema problems placed per document; 0 places them all. */
  maxProblems: (): number => bounded('validation.maxProblems', 100, 0, 100_000) || Number.POSITIVE_INFINITY,
  /** Quiet time after a keystroke before the record is validated again. */
  validationDelayMs: (): number => bounded('validation.delayMilliseconds', 250, 0, 5000),
  timeoutMs: (): number => bounded('requestTimeoutSeconds', 30, 1, 300) * 1000,
  /** Requests Find Bin may send to list collections and their bins. */
  findMaxRequests: (): number => Math.floor(bounded('find.maxRequests', 20, 0, 1000)),
  /** Above this many requests an interactive upload, export or find asks first; 0 never asks. */
  warnAboveRequests: (): number => Math.floor(bounded('warnAboveRequests', 50, 0, 1_000_000)),
  /** Whether agents in chat are offered the extension's language model tools. */
  chatTools: (): boolean => section().get<boolean>('chat.tools.enabled', true) !== false,
  /** The largest record text a chat tool hands to a model whole; a larger one is summarised. */
  chatMaxRecordBytes: (): number => bounded('chat.maxRecordKilobytes', 20, 1, 10240) * 1024,
  maxAnswerBytes: (): number => bounded('maxAnswerMegabytes', DEFAULT_MAX_ANSWER_BYTES / MB, 1, 1024) * MB,
  /** How long after its record was read a bin's tab, made active, checks the service's record again; 0: never. */
  checkForChangesAfterMs: (): number => bounded('checkForChanges.onFocusAfterMinutes', 0, 0, 1440) * 60_000,
  /** Whether saving a schema doc first checks the stored bins of the collections it validates. */
  checkBinsBeforeSave: (): boolean => section().get<string>('schemaDocs.checkBinsBeforeSave', 'ask') !== 'never',
  /** Whether Upload as Bin and Save Bin as File keep a workspace file linked to its bin: ask, always or never. */
  offerLinks: (): 'ask' | 'always' | 'never' => {
    const value = section().get<string>('links.offerAfterTransfer');
    return value === 'always' || value === 'never' ? value : 'ask';
  },
  /** Whether the last record read of each bin is kept on disk, to be read when the service cannot be reached. */
  keepCopies: (): boolean => section().get<boolean>('offline.keepCopies', true) !== false,
  offlineCopiesMaxBytes: (): number => bounded('offline.maxMegabytes', 50, 1, 1024) * MB,
  /** Whether records shaped as a model's output definition are recognized, checked and marked. */
  definitions: (): boolean => section().get<boolean>('structuredOutputs.enabled', true) !== false,
  /** The providers whose strict mode a definition is checked against: known names only, each once. */
  definitionProviders: (): Provider[] => {
    const value = section().get<unknown>('structuredOutputs.providers');
    return Array.isArray(value) ? PROVIDERS.filter((p) => value.includes(p)) : ['openai'];
  },
  /** Each provider's limits as the user changed them: numbers only, the others take the provider's own. */
  definitionLimits: (): LimitOverrides => {
    const value = section().get<unknown>('structuredOutputs.limits');
    const overrides: LimitOverrides = {};
    for (const provider of PROVIDERS) {
      const given = value && typeof value === 'object' ? (value as Record<string, unknown>)[provider] : undefined;
      const limits = Object.entries(given && typeof given === 'object' ? given : {}).filter(([, n]) => typeof n === 'number' && Number.isFinite(n) && n >= 0);
      if (limits.length > 0) {
        overrides[provider] = Object.fromEntries(limits);
      }
    }
    return overrides;
  },
  /** VS Code's own proxy settings, honoured for the service's requests. */
  proxy: (): string | undefined => vscode.workspace.getConfiguration('http').get<string>('proxy') || undefined,
  noProxy: (): string[] => vscode.workspace.getConfiguration('http').get<string[]>('noProxy') ?? [],
};

/** True when a change touches a setting that decides where and how requests are sent (the URL only for the account that follows it). */
export function affectsConnection(event: vscode.ConfigurationChangeEvent, followsApiUrl: boolean): boolean {
  return [...(followsApiUrl ? ['jsonbin.apiUrl'] : []), 'jsonbin.requestTimeoutSeconds', 'jsonbin.maxAnswerMegabytes', 'http.proxy', 'http.noProxy'].some((s) =>
    event.affectsConfiguration(s),
  );
}

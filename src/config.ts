/** The extension's settings, read where they are used so that changes apply at once. */
import * as vscode from 'vscode';
import { normalizeBaseUrl, type Plan } from './api';

export const DEFAULT_API_URL = 'https://api.jsonbin.io/v3';

function section(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('jsonbin');
}

export const settings = {
  /** Application scope: a workspace can never redirect the key. */
  apiUrl: (): string => normalizeBaseUrl(section().get<string>('apiUrl', DEFAULT_API_URL)),
  plan: (): Plan => (section().get<string>('plan') === 'paid' ? 'paid' : 'free'),
  conflictCheck: (): boolean => section().get<boolean>('conflictCheck', true),
  validation: (): boolean => section().get<boolean>('validation.enabled', true),
  /** Schema problems placed per document; 0 places them all. */
  maxProblems: (): number => section().get<number>('validation.maxProblems', 100) || Number.POSITIVE_INFINITY,
  timeoutMs: (): number => Math.max(1, section().get<number>('requestTimeoutSeconds', 30)) * 1000,
  /** VS Code's own proxy setting, honoured for the service's requests. */
  proxy: (): string | undefined => vscode.workspace.getConfiguration('http').get<string>('proxy') || undefined,
};

/** True when a change touches a setting that decides where and how requests are sent. */
export function affectsConnection(event: vscode.ConfigurationChangeEvent): boolean {
  return ['jsonbin.apiUrl', 'jsonbin.requestTimeoutSeconds', 'http.proxy'].some((s) => event.affectsConfiguration(s));
}

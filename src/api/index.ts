export * from './checks';
export * from './client';
export * from './errors';
export type { RequestLogEntry, TransportOptions } from './transport';
export * from './types';

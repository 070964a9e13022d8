export * from './allowance';
export * from './checks';
export * from './client';
export * from './errors';
export * from './record';
export type { RequestLogEntry, TransportOptions } from './transport';
export * from './types';

export * from './checks';
export * from './client';
export * from './errors';
export * from './record';
export { DEFAULT_MAX_ANSWER_BYTES, type RequestLogEntry, type TransportOptions } from './transport';
export * from './types';

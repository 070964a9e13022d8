export * from './allowance';
export { activity } from './activity';
export * from './checks';
export * from './client';
export * from './errors';
export * from './json';
export * from './record';
export type { RequestLogEntry, TransportOptions } from './transport';
export * from './types';

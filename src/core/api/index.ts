/**
 * What activation loads imports the file it needs, not this index: esbuild splits the bundle by
 * file, and a file that activation reaches brings along all of it that any chunk uses (through
 * this index, the whole client).
 */
export * from './allowance';
export { activity } from './activity';
export * from './checks';
export * from './client';
export * from './errors';
export * from './json';
export * from './record';
export * from './requestScope';
export type { RequestLogEntry, TransportOptions } from './transport';
export * from './types';

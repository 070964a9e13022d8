/** The values every other module of the client speaks of; this module imports nothing, so nothing cycles through it. */

/** A JSON value as stored in a bin. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The account's plan, which decides the size of a record and what else the service allows. */
export type Plan = 'free' | 'paid';

/**
 * Why a record was not validated. Kept apart from Ajv's modules: the extension host's thread
 * tells these apart without loading Ajv, which runs in the validation worker.
 */

/** A schema doc this editor cannot use, with the reason in the user's terms. */
export class SchemaDocProblem extends Error {}

/** A record the editor cannot validate (nested too deeply for a recursive validation). */
export class CannotValidate extends Error {}

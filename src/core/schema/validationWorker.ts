/**
 * The validation worker: parsing a record, Ajv and placing problems run on this thread, so that
 * the extension host's thread never waits on a large record while the user types. Ajv and its
 * formats load here, never on the extension host's thread.
 */
import * as l10n from '@vscode/l10n';
import { useMessages } from '../../platform/l10n';
import { workerPort as port } from '../../platform/workerPort';
import { CannotValidate, SchemaDocProblem } from './problems';
import { OUT_OF_STEP, type TextChange, type ValidationAnswer, type ValidationRequest } from './validation';
import { checkAllServed, checkText, SchemaCompiler } from './validator';

const compiler = new SchemaCompiler();
/** Each schema doc's last text, sent once by the extension host's thread. */
const schemaTexts = new Map<string, string>();
/** Open documents, sent whole once and then as their edits. */
const copies = new Map<string, { version: number; text: string }>();

function applied(text: string, changes: readonly TextChange[]): string {
  let result = text;
  // In order, each against the text the one before it left, as VS Code applies them.
  for (const change of changes) {
    result = result.slice(0, change.offset) + change.text + result.slice(change.offset + change.length);
  }
  return result;
}

/** The record to check: the text sent, or the worker's copy of the open document, if it is the version asked for. */
function recordOf(request: Extract<ValidationRequest, { op: 'check' }>): string {
  const { open, text } = request;
  if (!open) {
    return text ?? '';
  }
  if (text !== undefined) {
    copies.set(open.key, { version: open.version, text });
  }
  const copy = copies.get(open.key);
  if (!copy || copy.version !== open.version || copy.text.length !== open.length) {
    copies.delete(open.key);
    throw new Error(OUT_OF_STEP);
  }
  return copy.text;
}

async function answer(request: ValidationRequest): Promise<unknown> {
  if (request.op === 'schemaProblem') {
    return compiler.schemaProblem(JSON.parse(request.schemaText));
  }
  if (request.op !== 'check') {
    return undefined;
  }
  const { schema } = request;
  // Kept before the record is looked at: a copy out of step fails this check, and the check asked
  // again sends the schema doc's id alone.
  if (schema?.text !== undefined) {
    schemaTexts.set(schema.id, schema.text);
  }
  const record = request.served === undefined ? recordOf(request) : undefined;
  const schemaText = schema && schemaTexts.get(schema.id);
  if (schema && schemaText === undefined) {
    throw new CannotValidate(l10n.t('The schema doc {0} was not sent to the validation worker', schema.id));
  }
  const validate = schema ? await compiler.compileText(schema.id, schemaText!) : undefined;
  return record === undefined ? checkAllServed(request.served!, validate, request.maxPlaced) : checkText(record, validate, request.maxPlaced);
}

function failure(error: Error): ValidationAnswer['failure'] {
  const kind = error instanceof SchemaDocProblem ? 'schemaDocProblem' : error instanceof CannotValidate ? 'cannotValidate' : 'error';
  return { kind, message: error.message };
}

port.onMessage((raw) => {
  const request = raw as ValidationRequest;
  // Edits and closes keep the copies up to date; nobody waits for an answer.
  if (request.op === 'edit') {
    const copy = copies.get(request.key);
    if (copy) {
      copies.set(request.key, { version: request.version, text: applied(copy.text, request.changes) });
    }
    return;
  }
  if (request.op === 'close') {
    copies.delete(request.key);
    return;
  }
  if (request.op === 'messages') {
    useMessages(request.messages);
    return;
  }
  answer(request).then(
    (result) => port.post({ id: request.id, result } satisfies ValidationAnswer),
    (error: Error) => port.post({ id: request.id, failure: failure(error) } satisfies ValidationAnswer),
  );
});

/**
 * The validation worker: parsing a record, Ajv and placing problems run on this thread, so that
 * the extension host's thread never waits on a large record while the user types. Ajv and its
 * formats load here, never on the extension host's thread.
 */
import { parentPort } from 'node:worker_threads';
import { CannotValidate, SchemaDocProblem } from './problems';
import type { ValidationAnswer, ValidationRequest } from './validation';
import { checkText, SchemaCompiler } from './validator';

const compiler = new SchemaCompiler();
/** Each schema doc's last text, sent once by the extension host's thread. */
const schemaTexts = new Map<string, string>();

async function answer(request: ValidationRequest): Promise<unknown> {
  if (request.op === 'schemaProblem') {
    return compiler.schemaProblem(JSON.parse(request.schemaText));
  }
  const { schema } = request;
  if (schema?.text !== undefined) {
    schemaTexts.set(schema.id, schema.text);
  }
  const schemaText = schema && schemaTexts.get(schema.id);
  if (schema && schemaText === undefined) {
    throw new CannotValidate(`The schema doc ${schema.id} was not sent to the validation worker`);
  }
  const validate = schema ? await compiler.compileText(schema.id, schemaText!) : undefined;
  return checkText(request.text, validate, request.maxPlaced);
}

function failure(error: Error): ValidationAnswer['failure'] {
  const kind = error instanceof SchemaDocProblem ? 'schemaDocProblem' : error instanceof CannotValidate ? 'cannotValidate' : 'error';
  return { kind, message: error.message };
}

const port = parentPort!;
port.on('message', (request: ValidationRequest) => {
  answer(request).then(
    (result) => port.postMessage({ id: request.id, result } satisfies ValidationAnswer),
    (error: Error) => port.postMessage({ id: request.id, failure: failure(error) } satisfies ValidationAnswer),
  );
});

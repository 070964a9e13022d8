/**
 * Validates a record's text against a schema doc with Ajv and places each problem at its JSON
 * node with jsonc-parser. No `vscode` import: the editor maps offsets to ranges itself.
 */
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export interface Problem {
  offset: number;
  length: number;
  message: string;
  /** JSON pointer of the instance the problem is about. */
  path: string;
  keyword: string;
}

export interface TextCheck {
  syntax: Problem[];
  schema: Problem[];
}

/** Compiled schema docs, one per schema doc id and version of its text. */
export class SchemaCompiler {
  private ajv?: Promise<Ajv>;
  private readonly compiled = new Map<string, { text: string; validate: ValidateFunction }>();

  /** Problems that make a schema doc unusable, or undefined when it compiles. */
  async schemaProblem(schema: unknown): Promise<string | undefined> {
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema) || Object.keys(schema).length === 0) {
      return 'A schema doc must be a non-empty JSON object';
    }
    try {
      (await this.instance()).compile(schema);
      return undefined;
    } catch (error) {
      return `Not a valid JSON Schema: ${(error as Error).message}`;
    }
  }

  /** Compiles once per schema doc version; a changed text replaces the old compilation. */
  async compile(id: string, schema: unknown): Promise<ValidateFunction> {
    const text = JSON.stringify(schema);
    const cached = this.compiled.get(id);
    if (cached && cached.text === text) {
      return cached.validate;
    }
    const validate = (await this.instance()).compile(schema as object);
    this.compiled.set(id, { text, validate });
    return validate;
  }

  get size(): number {
    return this.compiled.size;
  }

  private instance(): Promise<Ajv> {
    // Ajv is loaded on first use, so that loading the extension does not pay for it.
    this.ajv ??= import('ajv').then(({ Ajv: AjvClass }) => new AjvClass({ allErrors: true, strict: false, allowUnionTypes: true }));
    return this.ajv;
  }
}

/** Syntax problems of the text, and, when it parses, the schema's problems placed at their nodes. */
export function checkText(text: string, validate?: ValidateFunction): TextCheck {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  const syntax = errors.map((e) => ({
    offset: e.offset,
    length: Math.max(e.length, 1),
    message: `JSON syntax: ${printParseErrorCode(e.error)}`,
    path: '',
    keyword: 'syntax',
  }));
  if (syntax.length > 0 || !root || !validate) {
    return { syntax, schema: [] };
  }
  const value: unknown = JSON.parse(text);
  if (validate(value)) {
    return { syntax, schema: [] };
  }
  return { syntax, schema: (validate.errors ?? []).map((e) => place(root, e)) };
}

function place(root: Node, error: ErrorObject): Problem {
  const node = nodeAt(root, error.instancePath);
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  let range: { offset: number; length: number } = node;
  let message = error.message ?? 'is invalid';
  switch (error.keyword) {
    case 'additionalProperties': {
      // On the unexpected key itself.
      const property = node.children?.find((p) => p.children?.[0].value === params.additionalProperty);
      range = property?.children?.[0] ?? headOf(node);
      message = `Property "${params.additionalProperty}" is not allowed`;
      break;
    }
    case 'required':
      // On the object that lacks it.
      range = headOf(node);
      message = `Missing property "${params.missingProperty}"`;
      break;
    case 'minItems':
    case 'maxItems':
    case 'uniqueItems':
    case 'minProperties':
    case 'maxProperties':
      range = headOf(node);
      break;
  }
  const where = error.instancePath === '' ? '' : ` at ${error.instancePath}`;
  return { offset: range.offset, length: range.length, message: `${message}${where}`, path: error.instancePath, keyword: error.keyword };
}

/** A container's property key when it is a property's value, else its opening bracket. */
function headOf(node: Node): { offset: number; length: number } {
  const parent = node.parent;
  if (parent?.type === 'property' && parent.children?.[1] === node) {
    return parent.children[0];
  }
  return { offset: node.offset, length: 1 };
}

/** The node at a JSON pointer; the deepest node that exists when the path runs out. */
function nodeAt(root: Node, pointer: string): Node {
  let node = root;
  const segments = pointer === '' ? [] : pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  for (const segment of segments) {
    const next =
      node.type === 'array'
        ? node.children?.[Number(segment)]
        : node.children?.find((p) => p.children?.[0].value === segment)?.children?.[1];
    if (!next) {
      break;
    }
    node = next;
  }
  return node;
}

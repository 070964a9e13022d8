/**
 * Real schema docs: each in its own Ajv, its dialect from `$schema`, formats on, patterns on RE2.
 * The JSON Schema Test Suite's draft-04, -06 and -07 files come from Debian's json-schema-test-suite
 * (installed by the bootstrap); 2019-09 and 2020-12 are checked on their own keywords.
 */
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SchemaCompiler } from '../../../../src/core/schema/validator';

const SUITE = '/usr/share/json-schema-test-suite/tests';
const DRAFTS: [string, string][] = [
  ['draft4', 'http://json-schema.org/draft-04/schema#'],
  ['draft6', 'http://json-schema.org/draft-06/schema#'],
  ['draft7', 'http://json-schema.org/draft-07/schema#'],
];
/** Ajv applies keywords beside `$ref` in every draft (a documented difference). */
const KNOWN_DIFFERENCES = new Set(['ref.json: ref overrides any sibling keywords: ref valid, maxItems ignored']);

interface Group {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

const compile = (schema: unknown) => new SchemaCompiler().compile('doc', schema);

describe('schema docs of every supported dialect', () => {
  for (const [draft, uri] of DRAFTS) {
    it(`passes the JSON Schema Test Suite's ${draft} files (remote refs aside)`, async () => {
      assert.ok(existsSync(SUITE), `${SUITE} is missing: the bootstrap installs Debian's json-schema-test-suite`);
      const failures: string[] = [];
      let checked = 0;
      for (const file of readdirSync(join(SUITE, draft)).filter((f) => f.endsWith('.json') && f !== 'refRemote.json')) {
        for (const group of JSON.parse(readFileSync(join(SUITE, draft, file), 'utf8')) as Group[]) {
          // A boolean schema is written as the object schema that means the same.
          const body = typeof group.schema === 'boolean' ? (group.schema ? {} : { not: {} }) : (group.schema as object);
          const validate = await compile({ $schema: uri, ...body });
          for (const test of group.tests) {
            checked++;
            const name = `${file}: ${group.description}: ${test.description}`;
            if (validate(test.data) !== test.valid && !KNOWN_DIFFERENCES.has(name)) {
              failures.push(name);
            }
          }
        }
      }
      assert.ok(checked > 300, `only ${checked} tests found`);
      assert.deepEqual(failures, []);
    });
  }

  it('reads 2019-09 and 2020-12 keywords by their own rules', async () => {
    const v2019 = await compile({
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      type: 'object',
      dependentRequired: { card: ['billing'] },
      properties: { card: { type: 'string' } },
      unevaluatedProperties: false,
    });
    assert.equal(v2019({ card: 'x' }), false);
    assert.equal(v2019({ other: 1 }), false);
    assert.equal(v2019({}), true);
    const v2020 = await compile({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      items: false,
      $defs: { unused: { type: 'null' } },
    });
    assert.equal(v2020(['a', 1]), true);
    assert.equal(v2020(['a', 1, 2]), false);
    assert.equal(v2020([1, 'a']), false);
  });

  it('reads draft-04 exclusiveMaximum as a boolean and formats in every dialect', async () => {
    const v4 = await compile({ $schema: 'http://json-schema.org/draft-04/schema#', maximum: 5, exclusiveMaximum: true });
    assert.equal(v4(5), false);
    assert.equal(v4(4), true);
    for (const [, uri] of [...DRAFTS, ['', 'https://json-schema.org/draft/2020-12/schema']]) {
      const email = await compile({ $schema: uri, type: 'string', format: 'email' });
      assert.equal(email('someone@example.com'), true, uri);
      assert.equal(email('not an email'), false, uri);
    }
  });

  it('keeps schema docs with the same $id apart', async () => {
    const compiler = new SchemaCompiler();
    const shared = 'https://example.com/schemas/person.json';
    const first = await compiler.compile('first', { $id: shared, type: 'object', required: ['name'] });
    const second = await compiler.compile('second', { $id: shared, type: 'object', required: ['email'] });
    assert.equal(first({ name: 'n' }), true);
    assert.equal(second({ name: 'n' }), false);
    // Saved again with its $id, a schema doc compiles again.
    assert.equal(await compiler.schemaProblem({ $id: shared, type: 'object' }), undefined);
  });

  it('names a $schema it does not know, and a pattern RE2 cannot run', async () => {
    const compiler = new SchemaCompiler();
    assert.match((await compiler.schemaProblem({ $schema: 'http://json-schema.org/draft-03/schema#', type: 'object' }))!, /not a dialect this editor knows/);
    assert.match((await compiler.schemaProblem({ type: 'string', pattern: '^(?=a)a$' }))!, /cannot run on the editor's safe regex engine/);
  });

  it('returns from a catastrophic pattern at once', async () => {
    const validate = await compile({ type: 'string', pattern: '^(a+)+$' });
    const started = Date.now();
    assert.equal(validate(`${'a'.repeat(40)}!`), false);
    // A backtracking engine takes minutes on this input; RE2 takes microseconds.
    assert.ok(Date.now() - started < 1000, `${Date.now() - started} ms`);
  });
});

import * as assert from 'node:assert/strict';
import type { DefinitionProblem } from '../../../../../src/core/schema/definitions/api';
import { definitionInText, MAX_DEFINITION_CHARACTERS, placeProblems } from '../../../../../src/core/schema/definitions/inText';

const problem = (pointer: string): DefinitionProblem => ({ provider: 'openai', rule: 'r', path: '', pointer, severity: 'error', message: 'm' });

describe('a definition in a text', () => {
  const text = JSON.stringify({ name: 'answer', strict: true, schema: { type: 'object', properties: { tags: { type: 'array', maxItems: 5 } } } }, null, 2);

  it('is found in a record of either shape, and in nothing else', () => {
    assert.equal(definitionInText(text)?.name, 'answer');
    assert.equal(definitionInText(JSON.stringify({ type: 'json_schema', json_schema: JSON.parse(text) as object }))?.schemaPointer, '/json_schema/schema');
    assert.equal(definitionInText('{"title": "no schema key"}'), undefined);
    assert.equal(definitionInText('{"name": "x", "schema": {'), undefined, 'not JSON');
    assert.equal(definitionInText(`{"name": "x", "schema": {}, "pad": "${'x'.repeat(MAX_DEFINITION_CHARACTERS)}"}`), undefined, 'too large to be one');
  });

  it("places a problem on a value's own text, and on an object's or array's key", () => {
    const at = (pointer: string) => {
      const [placed] = placeProblems(text, [problem(pointer)]);
      return text.slice(placed.offset, placed.offset + placed.length);
    };
    assert.equal(at('/name'), '"answer"');
    assert.equal(at('/schema/properties/tags/maxItems'), '5');
    assert.equal(at('/schema/properties/tags'), '"tags"');
    assert.equal(at('/schema'), '"schema"');
    assert.equal(at(''), '{', 'the root: its opening bracket');
    assert.equal(at('/schema/missing'), '{', 'a node not in the text: its first character');
  });
});

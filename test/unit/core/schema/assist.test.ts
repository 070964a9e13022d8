import * as assert from 'node:assert/strict';
import { describe as describeNode, subschema, suggest } from '../../../../src/core/schema/assist';

const schema = {
  type: 'object',
  required: ['title', 'problems'],
  properties: {
    title: { type: 'string', description: 'The module title' },
    level: { $ref: '#/definitions/level' },
    problems: {
      type: 'array',
      minItems: 2,
      maxItems: 4,
      items: { type: 'object', required: ['type'], properties: { type: { enum: ['scenario', 'design'] }, setup: { type: 'string' } } },
    },
  },
  definitions: { level: { type: 'integer' } },
};

/** Suggestions where `|` stands in the text. */
const at = (text: string) => suggest(text.replace('|', ''), text.indexOf('|'), schema);

describe('schema assist', () => {
  it('suggests the missing properties of an object, required first, as whole properties', () => {
    const suggestions = at('{"title": "t", |}');
    assert.deepEqual(
      suggestions.map((s) => s.label),
      ['problems', 'level'],
    );
    assert.equal(suggestions[0].snippet, '"problems": [$1]');
    assert.equal(suggestions[0].detail, 'required, array of object');
    assert.equal(suggestions[1].snippet, '"level": ${1:0}');
    assert.equal(suggestions[1].detail, 'optional, integer');
    assert.deepEqual(
      suggestions.map((s) => s.kind),
      ['property', 'property'],
    );
  });

  it('suggests only names inside a key being typed, and follows arrays into their items', () => {
    assert.deepEqual(
      at('{"problems": [{"ty|"}]}').map((s) => s.snippet),
      ['type', 'setup'],
    );
    assert.deepEqual(
      at('{"problems": [{"type": "design", |}]}').map((s) => s.label),
      ['setup'],
    );
  });

  it('suggests enum values at a value, without quotes inside a string', () => {
    assert.deepEqual(
      at('{"problems": [{"type": |}]}').map((s) => [s.kind, s.snippet]),
      [
        ['value', '"scenario"'],
        ['value', '"design"'],
      ],
    );
    assert.deepEqual(
      at('{"problems": [{"type": "sc|"}]}').map((s) => s.snippet),
      ['scenario', 'design'],
    );
    assert.deepEqual(at('{"title": |}'), []);
  });

  it('describes a property: description, type and bounds', () => {
    assert.equal(describeNode(schema, ['title']), 'The module title\n\nstring');
    assert.equal(describeNode(schema, ['problems']), 'array of object; 2 to 4 items');
    assert.equal(describeNode(schema, ['problems', 0, 'type']), 'one of "scenario", "design"');
    assert.equal(describeNode(schema, ['nothing']), undefined);
  });

  it('follows local $refs', () => {
    assert.deepEqual(subschema(schema, ['level']), { type: 'integer' });
  });
});

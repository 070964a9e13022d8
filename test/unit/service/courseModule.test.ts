import * as assert from 'node:assert/strict';
import { checkText, SchemaCompiler } from '../../../src/core/schema/validator';
import { brokenCourseModule, courseModule, courseModuleSchema } from '../../service/courseModule';

describe('course module demo data', () => {
  let validate: Awaited<ReturnType<SchemaCompiler['compile']>>;
  before(async () => (validate = await new SchemaCompiler().compile('course', courseModuleSchema)));

  it('a generated module satisfies the contract example schema', () => {
    assert.deepEqual(checkText(JSON.stringify(courseModule('Optics', 3), null, 2), validate).schema, []);
  });

  it('the broken module has one problem of each kind', () => {
    const problems = checkText(JSON.stringify(brokenCourseModule('Optics'), null, 2), validate).schema;
    assert.deepEqual(problems.map((p) => p.keyword).sort(), ['additionalProperties', 'minItems', 'minItems', 'required', 'type']);
  });
});

import * as assert from 'node:assert/strict';
import { BinServiceError, RecordText, unfaithfulNumber } from '../../../src/api';
import { startFixture, type Fixture } from '../../support/fixture';

describe('records as the user wrote them', () => {
  it('refuses a number beyond a double, naming it and where it is', async () => {
    const problem = await unfaithfulNumber('{"a": {"big": 1e400}}');
    assert.match(problem ?? '', /The number 1e400 at \/a\/big is beyond what a JSON number can hold.*would store null/);
  });

  it('refuses an integer beyond 2^53 that would lose digits, saying what it would become', async () => {
    const problem = await unfaithfulNumber('[1, 12345678901234567890]');
    assert.match(problem ?? '', /The number 12345678901234567890 at \/1 would be stored as 12345678901234567168/);
  });

  it('refuses any number the service would store as another value: underflow, lost digits', async () => {
    for (const [text, stored] of [
      ['{"n": 1e-400}', '0'],
      ['{"n": 12345678901234567890.5}', '12345678901234567000'],
      ['{"n": 123456789012345678901234567890e-10}', '12345678901234567000'],
      ['{"n": 3.14159265358979323846264}', '3.141592653589793'],
    ]) {
      assert.match((await unfaithfulNumber(text)) ?? '', new RegExp(`would be stored as ${stored}`), text);
    }
  });

  it('keeps numbers a double holds exactly, however they are written, and digits inside strings', async () => {
    for (const text of [
      '{"n": 9007199254740992}',
      '{"n": 1e300}',
      '{"s": "12345678901234567890"}',
      '{"n": 0.1}',
      '{"n": 1.50}',
      '{"n": 15e-1}',
      '{"n": -0.0}',
      '{"n": 1.7976931348623157e308}',
      '{"n": 12345678.12345678}',
      '{"n": 0.000001234567890123456}',
    ]) {
      assert.equal(await unfaithfulNumber(text), undefined, text);
    }
  });

  it('rejects with an invalid-input error for text that is not JSON', async () => {
    await assert.rejects(RecordText.parse('{"a": }'), (e: unknown) => e instanceof BinServiceError && e.kind === 'invalidInput' && /not JSON/.test(e.message));
  });

  describe('sent byte for byte', () => {
    let f: Fixture;
    before(async () => (f = await startFixture()));
    after(() => f.close());

    it('sends the text exactly as written: spacing, key order, number forms', async () => {
      const text = '{\n    "z": 1.50,\n  "a": [1e2, -0.0],   "s": "\\u00e9"\n}\n';
      const client = f.client(f.free);
      const id = (await client.createBin({ record: await RecordText.parse(text) })).metadata.id;
      await client.updateBin(id, await RecordText.parse(text.replace('1.50', '2.50')));
      const bodies = f.service.log.filter((e) => e.method === 'POST' || e.method === 'PUT').map((e) => e.body);
      assert.deepEqual(bodies.slice(-2), [text, text.replace('1.50', '2.50')]);
    });

    it('refuses 1e400 and 12345678901234567890 before sending anything', async () => {
      const mark = f.service.log.length;
      for (const text of ['{"big": 1e400}', '{"id": 12345678901234567890}']) {
        await assert.rejects(RecordText.parse(text), /Write it as a string/);
      }
      assert.equal(f.service.log.length, mark);
    });
  });
});

import * as assert from 'node:assert/strict';
import { BinServiceError, readAsShown, RecordText, UnheldNumber, unfaithfulNumber, type Bin } from '../../../../src/core/api';
import { readPart } from '../../../../src/core/api/partialReads';
import { rejection, startFixture, type Fixture } from '../../../support/fixture';

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

  describe('read as the service holds it', () => {
    let f: Fixture;
    let id: string;
    before(async () => {
      f = await startFixture();
      id = (await f.client(f.free).createBin({ record: { n: 1 }, name: 'served' })).metadata.id;
    });
    afterEach(() => f.service.clearFaults());
    after(() => f.close());

    /** The bin's reads answered with this record's text, as a service that keeps texts answers. */
    const serving = (record: string) =>
      f.service.fault({
        method: 'GET',
        path: `/b/${id}/latest`,
        raw: `{"record":${record},"metadata":{"id":"${id}","private":true,"name":"served","createdAt":"2026-11-25T10:00:00.000Z"}}`,
      });

    it('refuses a read whose record holds 1e400, saying so, instead of resolving with null; the text as served is kept', async () => {
      serving('{"n": 1e400, "s": "12345678901234567890", "list": [1.50]}');
      const error = await rejection(f.client(f.free).readBin(id));
      assert.ok(error instanceof UnheldNumber);
      assert.equal(error.kind, 'unheldNumber');
      assert.equal(
        error.message,
        'The record holds the number 1e400 at /n, beyond what a JSON number can hold here (about ±1.8e308): it would be read as null. Open it in a tab to see it as stored',
      );
      // Only the spacing made a tab's: every number as written.
      assert.equal(error.text, '{\n  "n": 1e400,\n  "s": "12345678901234567890",\n  "list": [\n    1.50\n  ]\n}');
      assert.equal((error.read as Bin).metadata.name, 'served');
    });

    it('refuses a read whose record holds more digits than a double keeps, saying what it would be read as', async () => {
      serving('[{"id": 12345678901234567890}]');
      const error = await rejection(f.client(f.free).readBin(id));
      assert.match(error.message, /^The record holds the number 12345678901234567890 at \/0\/id, which would be read as 12345678901234567168/);
    });

    it('reads numbers a double holds as written, however long, and a big number outside the record', async () => {
      serving('{"n": 9007199254740992, "m": 1.7976931348623157e308, "s": "1e400"}');
      assert.deepEqual((await f.client(f.free).readBin(id)).record, { n: 9007199254740992, m: 1.7976931348623157e308, s: '1e400' });
      f.service.clearFaults();
      f.service.fault({
        method: 'GET',
        path: `/b/${id}/latest`,
        raw: `{"record":{"n":1},"metadata":{"id":"${id}","private":true,"odd":1e400}}`,
      });
      assert.deepEqual((await f.client(f.free).readBin(id)).record, { n: 1 });
    });

    it('shows what a read refused as served: the text a tab shows, and the read as the answer said it', async () => {
      serving('{"n":-1e400}');
      const shown = await readAsShown(f.client(f.free).readBin(id));
      assert.deepEqual({ text: shown.text, held: shown.held, name: shown.read.metadata.name }, { text: '{\n  "n": -1e400\n}', held: false, name: 'served' });
      f.service.clearFaults();
      const usual = await readAsShown(f.client(f.free).readBin(id));
      assert.deepEqual({ text: usual.text, held: usual.held }, { text: '{\n  "n": 1\n}', held: true });
    });

    it("refuses a part read and a schema doc's read holding such a number, as a bin's read", async () => {
      f.service.fault({ method: 'GET', path: `/b/${id}/latest`, raw: '{"n": 1e400}' });
      const part = await rejection(readPart(f.client(f.free), id));
      assert.ok(part instanceof UnheldNumber);
      assert.equal(part.text, '{\n  "n": 1e400\n}');
      f.service.clearFaults();
      f.service.fault({ method: 'GET', path: `/b/${id}/latest`, raw: '[12345678901234567890]' });
      assert.match((await rejection(readPart(f.client(f.free), id, '$.n'))).message, /holds the number 12345678901234567890 at \/0/);
      const owner = f.client(f.free);
      const schemaId = (await owner.createSchemaDoc('ranged', { type: 'number' })).metadata.id;
      f.service.fault({
        method: 'GET',
        path: `/s/${schemaId}`,
        raw: `{"record":{"type":"number","maximum":1e400},"metadata":{"id":"${schemaId}","name":"ranged","createdAt":""}}`,
      });
      const schema = await rejection(owner.readSchemaDoc(schemaId));
      assert.ok(schema instanceof UnheldNumber);
      assert.match(schema.text, /"maximum": 1e400/);
    });
  });
});

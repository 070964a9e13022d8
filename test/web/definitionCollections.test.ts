/** A definition made a collection's schema doc, and checked for the providers, in the web worker host: each result's `requests` is the service's log. */
import { assert } from 'chai';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { closeAll, pathsOf, requestsDuring, run, setup, type World } from './world';

const SCHEMA = { type: 'object', required: ['title'], properties: { title: { type: 'string' } }, additionalProperties: false };

describe('structured-output definitions and collections in the web worker host', () => {
  let w: World;
  before(async () => {
    w = await setup();
  });
  afterEach(() => closeAll());

  /** A command's result and the requests the service logged meanwhile, which the result must say. */
  async function counted<T extends { requests: number }>(command: string, ...args: unknown[]): Promise<{ result: T; paths: string[] }> {
    let result!: T;
    const requests = await requestsDuring(w, async () => (result = await run<T>(command, ...args)));
    assert.equal(result.requests, requests.length, `${command} says ${result.requests}: ${pathsOf(requests).join(', ')}`);
    return { result, paths: pathsOf(requests) };
  }

  it('creates a schema doc from the definition and attaches it: 1 read, 1 POST, 1 attach, beside the collection listings; then no read', async () => {
    const definitionId = (await w.other.createBin({ record: { name: 'web_lesson', strict: true, schema: SCHEMA }, name: 'web lesson' })).metadata.id;
    const collectionId = (await w.other.createCollection('web definition outputs')).id;
    const listings = (p: string) => p === 'GET /v3/c' || p.startsWith(`GET /v3/c/${collectionId}/bins`);
    const first = await counted<{ schemaDocId: string; created: boolean; attached: boolean; requests: number }>(
      Command.useDefinitionAsSchemaDoc,
      definitionId,
      {
        collectionId,
      },
    );
    assert.deepEqual(
      first.paths.filter((p) => !listings(p)),
      [`GET /v3/b/${definitionId}/latest`, 'POST /v3/s', `PUT /v3/c/${collectionId}/schemadoc/add`],
    );
    // The collection listed once (made since the listing known, if any) and its bins once: nothing else.
    assert.isAtMost(first.paths.filter((p) => p === 'GET /v3/c').length, 2);
    assert.equal(first.paths.filter((p) => p.startsWith(`GET /v3/c/${collectionId}/bins`)).length, 1);
    assert.deepInclude(first.result, { created: true, attached: true });
    assert.deepEqual((await w.other.readSchemaDoc(first.result.schemaDocId)).record, SCHEMA);
    assert.equal((await w.other.listCollections()).find((c) => c.id === collectionId)?.schemaDocId, first.result.schemaDocId);

    // Used again for the same collection: its schema doc updated, the definition known; unchanged, nothing is written.
    const again = await counted<{ schemaDocId: string; created: boolean; requests: number }>(Command.useDefinitionAsSchemaDoc, definitionId, { collectionId });
    assert.deepInclude(again.result, { schemaDocId: first.result.schemaDocId, created: false });
    assert.notInclude(again.paths.join(' '), `/v3/b/${definitionId}`);
    assert.isFalse(
      again.paths.some((p) => p.startsWith('POST') || p.startsWith('PUT')),
      again.paths.join(', '),
    );
  });

  it('checks a definition bin for each provider named: 1 read, then none; each problem with its provider, rule and path', async () => {
    const open = {
      type: 'object',
      required: ['title'],
      properties: { title: { type: 'string' }, tags: { type: 'array', items: { type: 'string' }, maxItems: 3 } },
    };
    const id = (await w.other.createBin({ record: { name: 'web_open', strict: true, schema: open }, name: 'web open definition' })).metadata.id;
    type Checked = {
      isDefinition: boolean;
      name: string;
      strict: boolean;
      problems: { provider: string; rule: string; path: string; severity: string }[];
      requests: number;
    };
    const first = await counted<Checked>(Command.checkDefinition, id, { providers: ['openai', 'anthropic'] });
    assert.deepEqual(first.paths, [`GET /v3/b/${id}/latest`]);
    assert.deepInclude(first.result, { isDefinition: true, name: 'web_open', strict: true });
    // OpenAI: the root open and "tags" not required; Anthropic: the root open and maxItems.
    assert.deepEqual(
      first.result.problems.map(({ provider, rule, path, severity }) => `${provider} ${rule} ${path} ${severity}`),
      [
        'openai additionalPropertiesFalse  error',
        'openai requireEvery /properties/tags error',
        'anthropic additionalPropertiesFalse  error',
        'anthropic keyword /properties/tags/maxItems error',
      ],
    );
    const second = await counted<Checked>(Command.checkDefinition, id, { providers: ['openai', 'anthropic'] });
    assert.deepEqual(second.paths, []);
    assert.deepEqual(second.result.problems, first.result.problems);
    // A text that is no definition: no problems, no request.
    const text = await counted<Checked>(Command.checkDefinition, { text: '{ "title": "x" }' });
    assert.deepInclude(text.result, { isDefinition: false, problems: [], requests: 0 });
  });
});

/**
 * The MCP server as an agent outside VS Code runs it: `jsonbin mcp`, built, started over stdio by
 * the SDK's own client, against the local bin service. Every answer is the chat tools' JSON, with the
 * requests the service logged; the key is in no answer and not on stderr.
 */
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { TOOL_NAMES, type ToolName } from '../../../src/core/tools/toolNames';
import { startFixture, type Fixture } from '../../support/fixture';

const CLI = join(__dirname, '..', '..', '..', '..', 'dist', 'cli', 'jsonbin.mjs');
const SCHEMA = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] };
/** Distinctive, so that finding it anywhere cannot be chance. */
const KEY = '$2a$10$mcpTestKeyThatMustNeverShow.0123456789abcdefghijkl';

type Answer = Record<string, unknown> & { requests: number; refused?: string };

describe('the MCP server over stdio', function () {
  this.timeout(30_000);
  let f: Fixture;
  let client: Client;
  let stderr: string;
  const texts: string[] = [];
  const paths = (mark: number) => f.service.requestsSince(mark).map((r) => `${r.method} ${r.path}`);

  async function connect(...args: string[]): Promise<void> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', ...args],
      // Only what the server needs: no key of the machine's environment.
      env: { PATH: process.env.PATH ?? '', JSONBIN_MASTER_KEY: KEY, JSONBIN_API_URL: f.service.baseUrl },
      stderr: 'pipe',
    });
    stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'jsonbin-test', version: '1.0.0' });
    await client.connect(transport);
  }

  /** A tool's JSON answer and the requests the service logged meanwhile, which the answer must count. */
  async function call(name: ToolName, input: Record<string, unknown> = {}): Promise<{ answer: Answer; paths: string[]; isError: boolean }> {
    const mark = f.service.log.length;
    const result = await client.callTool({ name, arguments: input });
    const content = result.content as { type: string; text: string }[];
    assert.equal(content.length, 1);
    assert.equal(content[0].type, 'text');
    texts.push(content[0].text);
    const answer = JSON.parse(content[0].text) as Answer;
    const sent = paths(mark);
    assert.equal(answer.requests, sent.length, `${name} says it sent ${answer.requests}: ${sent.join(', ')}`);
    return { answer, paths: sent, isError: result.isError === true };
  }

  before(function () {
    if (!existsSync(CLI)) {
      throw new Error(`${CLI} is missing: run npm run build first`);
    }
  });
  beforeEach(async () => {
    f = await startFixture();
    f.service.addAccount('free', undefined, KEY);
  });
  afterEach(async () => {
    await client?.close();
    await f.close();
    assert.ok(!stderr.includes(KEY), 'the key is not on stderr');
    assert.ok(
      texts.every((t) => !t.includes(KEY)),
      'the key is in no answer',
    );
  });

  it('lists the ten chat tools with their input schemas and hints, and runs each, counting what it sent', async () => {
    const other = f.client({ key: KEY, plan: 'free' } as never);
    const collection = await other.createCollection('courses');
    const doc = await other.createSchemaDoc('course', SCHEMA);
    await other.attachSchemaDoc(collection.id, doc.metadata.id);
    const binId = (await other.createBin({ record: { title: 'Graphs' }, collectionId: collection.id, name: 'graphs' })).metadata.id;
    const definitionId = (await other.createBin({ record: { name: 'out', strict: true, schema: SCHEMA }, name: 'definition' })).metadata.id;
    await connect();

    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      [...TOOL_NAMES],
    );
    const byName = new Map(tools.map((t) => [t.name, t]));
    assert.deepEqual(byName.get('jsonbin_readBin')!.annotations, { title: 'Read JSONBin Bin', readOnlyHint: true, idempotentHint: true });
    assert.deepEqual(byName.get('jsonbin_createBin')!.annotations, {
      title: 'Create JSONBin Bin',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    });
    assert.equal(byName.get('jsonbin_updateBin')!.annotations!.destructiveHint, true);
    assert.deepEqual(byName.get('jsonbin_findBins')!.inputSchema.required, ['query']);

    const collections = await call('jsonbin_listCollections');
    assert.deepEqual(collections.paths, ['GET /v3/c', `GET /v3/s/${doc.metadata.id}`]);
    assert.deepEqual(collections.answer, {
      collections: [{ id: collection.id, name: 'courses', schemaDoc: { id: doc.metadata.id, name: 'course' } }],
      requests: 2,
    });
    const listed = await call('jsonbin_listBins', { collectionId: collection.id });
    assert.deepEqual(listed.answer, { collectionId: collection.id, page: 1, bins: [{ id: binId, name: 'graphs', private: true }], more: false, requests: 1 });
    const read = await call('jsonbin_readBin', { binId });
    assert.deepEqual(read.answer, { binId, name: 'graphs', collectionId: collection.id, record: { title: 'Graphs' }, requests: 1 });
    // Read once a session: again, it costs nothing.
    assert.equal((await call('jsonbin_readBin', { binId })).answer.requests, 0);
    const schemaDoc = await call('jsonbin_readSchemaDoc', { collectionId: collection.id });
    assert.deepEqual(schemaDoc.answer, { collectionId: collection.id, schemaDoc: { id: doc.metadata.id, name: 'course', schema: SCHEMA }, requests: 0 });
    const found = await call('jsonbin_findBins', { query: 'graph' });
    assert.deepEqual(found.answer.matches, [{ id: binId, name: 'graphs', collectionId: collection.id, collectionName: 'courses', private: true }]);
    assert.deepEqual(found.paths, ['GET /v3/c/uncategorized/bins']);
    const checked = await call('jsonbin_checkRecord', { record: { title: 'Trees' }, collectionId: collection.id });
    assert.deepEqual(checked.answer, { collectionId: collection.id, valid: true, requests: 0 });
    const created = await call('jsonbin_createBin', { record: { title: 'Trees' }, collectionId: collection.id, name: 'trees' });
    assert.deepEqual(created.paths, ['POST /v3/b']);
    const treesId = created.answer.binId as string;
    assert.deepEqual(created.answer, { binId: treesId, name: 'trees', collectionId: collection.id, private: true, requests: 1 });
    const updated = await call('jsonbin_updateBin', { binId: treesId, patch: [{ op: 'replace', path: '/title', value: 'Forests' }] });
    assert.deepEqual(updated.paths, [`GET /v3/b/${treesId}/latest`, `PUT /v3/b/${treesId}`]);
    assert.deepEqual(updated.answer, { binId: treesId, name: 'trees', updated: true, requests: 2 });
    assert.deepEqual(JSON.parse(f.service.requestsSince(0, 'PUT').at(-1)!.body!), { title: 'Forests' });
    const validated = await call('jsonbin_validateCollection', { collectionId: collection.id });
    assert.deepEqual(validated.answer, { collectionId: collection.id, against: 'schema doc "course"', checked: 2, failing: [], requests: 2 });
    // The listing as listBins fetched it, the created bin added, costs nothing; each bin is read as stored.
    assert.deepEqual(validated.paths.sort(), [`GET /v3/b/${binId}/latest`, `GET /v3/b/${treesId}/latest`].sort());
    const definition = await call('jsonbin_checkDefinition', { binId: definitionId });
    assert.deepEqual(definition.paths, [`GET /v3/b/${definitionId}/latest`]);
    assert.equal(definition.answer.name, 'out');
    assert.equal(definition.answer.strict, true);
    assert.ok(Array.isArray(definition.answer.problems));
  });

  it('refuses an invalid record with its problems, sending nothing, and a record given for another account', async () => {
    const other = f.client({ key: KEY, plan: 'free' } as never);
    const collection = await other.createCollection('courses');
    const doc = await other.createSchemaDoc('course', SCHEMA);
    await other.attachSchemaDoc(collection.id, doc.metadata.id);
    await connect();
    // The schema doc read once, to check against; the refused write sends nothing.
    const refused = await call('jsonbin_createBin', { record: { title: 3 }, collectionId: collection.id });
    assert.equal(refused.isError, true);
    assert.ok(!refused.paths.includes('POST /v3/b'), refused.paths.join(', '));
    assert.equal(refused.answer.refused, 'Not created: 1 schema problem against schema doc "course": Expected a string at /title at /title');
    assert.deepEqual(refused.answer.problems, [{ path: '/title', message: 'Expected a string at /title' }]);
    const again = await call('jsonbin_createBin', { record: { title: 3 }, collectionId: collection.id });
    assert.deepEqual(again.paths, []);
    const elsewhere = await call('jsonbin_listCollections', { account: 'work' });
    assert.deepEqual(elsewhere.paths, []);
    assert.match(elsewhere.answer.refused!, /serves one account.*It cannot reach work/);
  });

  it('offers only the tools that read with --read-only, and refuses a write sending nothing', async () => {
    await connect('--read-only');
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      TOOL_NAMES.filter((n) => n !== 'jsonbin_createBin' && n !== 'jsonbin_updateBin'),
    );
    assert.ok(tools.every((t) => t.annotations?.readOnlyHint === true));
    const write = await call('jsonbin_createBin', { record: { title: 'x' } });
    assert.deepEqual(write.paths, []);
    assert.equal(write.isError, true);
    assert.match(write.answer.refused!, /--read-only: jsonbin_createBin is not offered/);
  });
});

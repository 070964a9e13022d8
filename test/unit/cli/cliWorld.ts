/**
 * The command line as a user runs it: the built bundle (`node dist/cli/jsonbin.mjs`, made by
 * `npm run build`) spawned with a key in its environment, in a temporary folder under git with
 * linked files, against the local bin service over loopback. Every run's output is kept, and
 * each test ends by searching it, and every file of the folder, for the key.
 */
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { BinClient, type Json } from '../../../src/core/api';
import { BinService } from '../../service/server';
import type { Account } from '../../service/store';

export const CLI = resolve(__dirname, '../../../../dist/cli/jsonbin.mjs');
/** A key no output may show: distinctive, so that a search for it finds only it. */
export const KEY = 'cli-test-KEY-9f3c71d2-never-shown';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliWorld {
  service: BinService;
  account: Account;
  /** A client of the account, for setting up bins (its requests are in the log before a mark). */
  client: BinClient;
  folder: string;
  /** Runs `jsonbin args…` in the folder; `env` adds to (or, undefined, removes from) its environment. */
  jsonbin(args: string[], env?: Record<string, string | undefined>): Promise<Ran>;
  /** The requests the service logged since `mark`, as `METHOD path`. */
  paths(mark: number): string[];
  /** The number the run said it sent (its stderr's last line). */
  said(ran: Ran): number;
  link(file: string, binId: string, apiUrl?: string): Promise<void>;
  write(file: string, value: Json | string): Promise<void>;
  read(file: string): Promise<string>;
  /** Commits the folder as it is: a push's base. */
  commit(): Promise<void>;
}

export function cliWorld(): CliWorld {
  const world = { runs: [] as Ran[], links: [] as unknown[] } as unknown as CliWorld & { runs: Ran[]; links: unknown[] };
  before(() => assert.ok(existsSync(CLI), `${CLI} is missing: run npm run build first`));
  beforeEach(async () => {
    world.service = new BinService();
    await world.service.start();
    world.account = world.service.addAccount('free', undefined, KEY);
    world.client = new BinClient({ baseUrl: world.service.baseUrl, key: () => KEY, backoffMs: 5 });
    world.folder = await mkdtemp(join(tmpdir(), 'jsonbin-cli-'));
    world.runs = [];
    world.links = [];
    await git(world.folder, 'init', '-q');
  });
  afterEach(async function () {
    await world.client.close();
    await world.service.stop();
    if (this.currentTest?.state === 'passed') {
      // The key in no output of this test's runs, and in no file the runs left.
      for (const ran of world.runs) {
        assert.ok(!ran.stdout.includes(KEY) && !ran.stderr.includes(KEY), 'the key was in an output');
      }
      for (const file of await filesIn(world.folder)) {
        assert.ok(!(await readFile(file, 'utf8')).includes(KEY), `the key was in ${file}`);
      }
    }
    await rm(world.folder, { recursive: true, force: true });
  });
  world.jsonbin = (args, env = {}) =>
    new Promise((done) => {
      const environment: Record<string, string | undefined> = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        LANG: 'C.UTF-8',
        JSONBIN_MASTER_KEY: KEY,
        JSONBIN_API_URL: world.service.baseUrl,
        ...env,
      };
      execFile(process.execPath, [CLI, ...args], { cwd: world.folder, env: defined(environment) }, (error, stdout, stderr) => {
        const ran = { code: error ? Number(error.code) : 0, stdout, stderr };
        world.runs.push(ran);
        done(ran);
      });
    });
  world.paths = (mark) => world.service.requestsSince(mark).map((r) => `${r.method} ${r.path}`);
  world.said = (ran) => {
    const match = /Requests sent: (\d+)\s*$/.exec(ran.stderr);
    assert.ok(match, `no requests line in: ${ran.stderr}`);
    return Number(match[1]);
  };
  world.link = async (file, binId, apiUrl = world.service.baseUrl) => {
    world.links.push({ file, binId, account: { name: 'CI', apiUrl } });
    await world.write('.vscode/jsonbin-links.json', JSON.stringify({ links: world.links }, null, 2) + '\n');
  };
  world.write = async (file, value) => {
    const path = join(world.folder, file);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2) + '\n');
  };
  world.read = (file) => readFile(join(world.folder, file), 'utf8');
  world.commit = async () => {
    await git(world.folder, 'add', '-A');
    await git(world.folder, '-c', 'user.email=ci@example.com', '-c', 'user.name=CI', 'commit', '-qm', 'files', '--allow-empty');
  };
  return world;
}

function defined(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

function git(cwd: string, ...args: string[]): Promise<void> {
  return new Promise((done, fail) => execFile('git', args, { cwd }, (error) => (error ? fail(new Error(error.message)) : done())));
}

async function filesIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && !e.parentPath.includes(`${join(folder, '.git')}`)).map((e) => join(e.parentPath, e.name));
}

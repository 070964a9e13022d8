// The layer check itself, on a copy of src/ with one import planted: it must fail on each import
// the layout forbids (vscode in the core or a Node front end, one front end importing another)
// and pass the one allowed (the command line starting the MCP server).
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository: this test runs compiled, from out/test/unit/scripts/. */
const root = resolve(__dirname, '../../../..');

function checkLayers(cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) =>
    execFile(process.execPath, [join(root, 'scripts/check-layers.mjs')], { cwd }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code) : 0, stdout, stderr }),
    ),
  );
}

describe('the layer check (scripts/check-layers.mjs)', function () {
  this.timeout(30_000);
  let copy: string;
  beforeEach(() => {
    copy = mkdtempSync(join(tmpdir(), 'layers-'));
    cpSync(join(root, 'src'), join(copy, 'src'), { recursive: true });
    mkdirSync(join(copy, 'src/mcp'), { recursive: true });
    writeFileSync(join(copy, 'src/mcp/server.ts'), "import { openSession } from '../core/session';\nexport const open = openSession;\n");
  });
  afterEach(() => rmSync(copy, { recursive: true, force: true }));
  const plant = (file: string, line: string) => appendFileSync(join(copy, file), `\n${line}\n`);

  it('passes the source as it is, and the command line importing the MCP server', async () => {
    plant('src/cli/main.ts', "import '../mcp/server';");
    const ran = await checkLayers(copy);
    assert.equal(ran.code, 0, ran.stderr);
  });

  for (const [file, line, said] of <[string, string, RegExp][]>[
    [
      'src/core/api/json.ts',
      "import * as vscode from 'vscode';",
      /src\/core\/api\/json\.ts imports vscode, but service client is part of the vscode-free core/,
    ],
    ['src/core/session.ts', "import 'vscode';", /src\/core\/session\.ts imports vscode/],
    ['src/platform/platform.ts', "import type * as vscode from 'vscode';", /src\/platform\/platform\.ts imports vscode/],
    ['src/cli/main.ts', "import * as vscode from 'vscode';", /src\/cli\/main\.ts imports vscode, but the command line runs in Node alone/],
    ['src/mcp/server.ts', "import * as vscode from 'vscode';", /src\/mcp\/server\.ts imports vscode, but the MCP server runs in Node alone/],
    ['src/core/store/entry.ts', "import { readFileSync } from 'node:fs';", /src\/core\/store\/entry\.ts imports node:fs: only src\/platform\/node\/ may/],
    [
      'src/cli/main.ts',
      "import '../extension/config';",
      /src\/cli\/main\.ts \(the command line\) imports src\/extension\/config\.ts \(the extension\): no front end imports another/,
    ],
    ['src/mcp/server.ts', "import '../cli/main';", /src\/mcp\/server\.ts \(the MCP server\) imports src\/cli\/main\.ts \(the command line\)/],
    ['src/extension/config.ts', "import '../cli/main';", /src\/extension\/config\.ts \(the extension\) imports src\/cli\/main\.ts/],
  ]) {
    it(`fails on ${line} in ${file}`, async () => {
      plant(file, line);
      const ran = await checkLayers(copy);
      assert.equal(ran.code, 1, ran.stdout);
      assert.match(ran.stderr, said);
    });
  }
});

import * as assert from 'node:assert/strict';
import { escapeData, escapeProperty, Output, positionOf } from '../../../src/cli/output';

describe('the command line’s output', () => {
  it('escapes workflow commands as GitHub’s runner reads them', () => {
    assert.equal(escapeData('50% done\r\nnext: a, b'), '50%25 done%0D%0Anext: a, b');
    assert.equal(escapeProperty('dir:a,b%.json'), 'dir%3Aa%2Cb%25.json');
  });

  it('places an offset at a 1-based line and column', () => {
    const text = '{\n  "a": 1,\n  "b": x\n}';
    assert.deepEqual(positionOf(text, text.indexOf('x')), { line: 3, column: 8 });
    assert.deepEqual(positionOf(text, 0), { line: 1, column: 1 });
  });

  it('never writes a secret, and draws progress only on a terminal', () => {
    const written: string[] = [];
    const stream = (isTTY: boolean) => ({ isTTY, write: (t: string) => written.push(t) });
    const piped = new Output(stream(false), stream(false), ['s3cret']);
    piped.progress('reading');
    piped.note('the service said s3cret');
    assert.deepEqual(written, ['the service said ***\n']);
    written.length = 0;
    const terminal = new Output(stream(false), stream(true), []);
    terminal.progress('reading');
    terminal.line('done');
    assert.deepEqual(written, ['\r\x1b[Kreading', '\r\x1b[K', 'done\n']);
  });
});

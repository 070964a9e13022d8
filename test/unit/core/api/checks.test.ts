import * as assert from 'node:assert/strict';
import { BinServiceError, checkKeyTransport, goesDirect, isBlank, nameProblem, parseBaseUrl } from '../../../../src/core/api';

describe('checks that cost no request', () => {
  it('sends the key over plain http only to loopback addresses', () => {
    for (const url of ['https://api.jsonbin.io/v3', 'http://127.0.0.1:8787/v3', 'http://127.8.9.10/v3', 'http://localhost/v3', 'http://[::1]:80/v3']) {
      assert.doesNotThrow(() => checkKeyTransport(parseBaseUrl(url)), url);
    }
    for (const url of ['http://api.jsonbin.io/v3', 'http://10.0.0.1/v3', 'http://localhost.example.com/v3', 'ftp://127.0.0.1/v3']) {
      assert.throws(() => checkKeyTransport(parseBaseUrl(url)), BinServiceError, url);
    }
  });

  it('refuses a service URL that is not a URL', () => {
    assert.throws(() => parseBaseUrl('not a url'), /not a valid URL/);
  });

  it('counts blank records as the service does', () => {
    for (const blank of [{}, [], '', null, undefined]) assert.ok(isBlank(blank), JSON.stringify(blank));
    for (const value of [{ a: 1 }, [0], 0, false, 'x']) assert.ok(!isBlank(value), JSON.stringify(value));
  });

  it('names the problem of a name outside 1 to 128 characters', () => {
    assert.match(nameProblem('', 128, 'X-Bin-Name')!, /blank/);
    assert.match(nameProblem('   ', 128, 'X-Bin-Name')!, /blank/);
    assert.match(nameProblem('a'.repeat(129), 128, 'X-Bin-Name')!, /over 128 characters \(it has 129\)/);
    assert.equal(nameProblem('é'.repeat(128), 128, 'X-Bin-Name'), undefined);
  });

  it('refuses names a header cannot carry, saying which character, before anything is sent', () => {
    for (const [name, character] of [
      ['Ωμέγα', 'Ω'],
      ['名前', '名'],
      ['bin 😀', '😀'],
    ]) {
      const problem = nameProblem(name, 128, 'X-Bin-Name');
      assert.match(problem ?? '', /only Latin-1 characters/, name);
      assert.ok(problem!.includes(`"${character}"`), problem);
    }
    assert.equal(nameProblem('Café Ærø', 32, 'X-Collection-Name'), undefined);
  });

  it('refuses a service URL that would be altered: a query, a fragment, a user name', () => {
    for (const url of ['https://api.jsonbin.io/v3?x=1', 'https://api.jsonbin.io/v3#top', 'https://me:secret@api.jsonbin.io/v3']) {
      assert.throws(() => parseBaseUrl(url), /cannot carry a query, a fragment or a user name/, url);
    }
    assert.throws(() => parseBaseUrl('ftp://127.0.0.1/v3'), /must start with https/);
  });

  it('sends loopback and http.noProxy hosts direct, the rest through the proxy', () => {
    const direct = (url: string, noProxy: string[] = []) => goesDirect(new URL(url), noProxy);
    assert.ok(direct('http://127.0.0.1:8787/v3'));
    assert.ok(direct('http://localhost/v3'));
    assert.ok(direct('http://[::1]:80/v3'));
    assert.ok(!direct('https://api.jsonbin.io/v3'));
    assert.ok(direct('https://api.jsonbin.io/v3', ['jsonbin.io']));
    assert.ok(direct('https://api.jsonbin.io/v3', ['.jsonbin.io']));
    assert.ok(direct('https://api.jsonbin.io/v3', ['*.jsonbin.io']));
    assert.ok(direct('https://api.jsonbin.io/v3', ['api.jsonbin.io:443']));
    assert.ok(!direct('https://api.jsonbin.io/v3', ['api.jsonbin.io:8443']));
    assert.ok(!direct('https://api.jsonbin.io/v3', ['notjsonbin.io', 'bin.io']));
    assert.ok(direct('https://api.jsonbin.io/v3', ['*']));
    assert.ok(direct('https://api.jsonbin.io./v3', ['jsonbin.io']), 'a trailing dot is the same host');
    assert.ok(direct('https://[fd00::1]/v3', ['fd00::1']));
    assert.ok(direct('https://[fd00::1]:8443/v3', ['[fd00::1]:8443']));
    assert.ok(!direct('https://[fd00::1]/v3', ['[fd00::1]:8443']));
  });
});

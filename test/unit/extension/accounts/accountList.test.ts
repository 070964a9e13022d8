import * as assert from 'node:assert/strict';
import { checkAccountName, findAccount, newAccountId, parseAccounts, refusal, type AccountInfo } from '../../../../src/extension/accounts/accountList';

const staging: AccountInfo = { id: 'a0123abcd', name: 'Staging', apiUrl: 'http://127.0.0.1:1/v3', keyKind: 'access' };

describe('account list', () => {
  it('always starts with the default account, whatever was stored', () => {
    assert.deepEqual(parseAccounts(undefined), [{ id: '', name: 'Default', keyKind: 'master', permissions: undefined }]);
    assert.deepEqual(
      parseAccounts('garbage').map((a) => a.id),
      [''],
    );
    const stored = [staging, { id: '', name: 'Work', keyKind: 'master' }];
    assert.deepEqual(
      parseAccounts(stored).map((a) => `${a.id}:${a.name}`),
      [':Work', 'a0123abcd:Staging'],
    );
  });

  it('drops entries that are not accounts: a bad id (not a URI authority), no URL, an unknown kind of key', () => {
    const stored = [
      staging,
      { ...staging, id: 'A0123ABCD' },
      { ...staging, id: 'a1111aaaa', apiUrl: undefined },
      { ...staging, id: 'a2222bbbb', keyKind: 'other' },
      null,
      3,
    ];
    assert.deepEqual(
      parseAccounts(stored).map((a) => a.id),
      ['', 'a0123abcd'],
    );
  });

  it('makes ids that are lowercase URI authorities, never one already taken', () => {
    const values = [0.5, 0.5, 0.25];
    const id = newAccountId(['a80000000'], () => values.shift() ?? 0);
    assert.equal(id, 'a40000000');
    assert.match(newAccountId([]), /^a[0-9a-f]{8}$/);
  });

  it('checks names: not blank, at most 40 characters, unique whatever the case (a rename may keep its own)', () => {
    const list = parseAccounts([staging]);
    assert.equal(checkAccountName('  ', list), 'The account needs a name');
    assert.match(checkAccountName('x'.repeat(41), list) ?? '', /at most 40/);
    assert.equal(checkAccountName('staging', list), 'Another account is named Staging');
    assert.equal(checkAccountName('STAGING', list, staging.id), undefined);
    assert.equal(checkAccountName('Production', list), undefined);
  });

  it('knows beforehand what an access key created without a permission may not do', () => {
    const reader: AccountInfo = { ...staging, permissions: { bins: { read: true, create: false, update: false, delete: false } } };
    assert.match(refusal(reader, 'deleteBin') ?? '', /^The access key of Staging may not delete bins/);
    assert.match(refusal(reader, 'setPrivacy') ?? '', /may not update bins/);
    assert.equal(refusal(reader, 'readBin'), undefined);
    assert.equal(refusal(staging, 'deleteBin'), undefined, 'permissions not known: the service answers');
    assert.equal(refusal({ ...reader, keyKind: 'master' }, 'deleteBin'), undefined);
  });

  it('finds an account by id first, then by name in any case', () => {
    const list = parseAccounts([staging]);
    assert.equal(findAccount(list, '')?.name, 'Default');
    assert.equal(findAccount(list, 'a0123abcd')?.name, 'Staging');
    assert.equal(findAccount(list, ' staging ')?.id, 'a0123abcd');
    assert.equal(findAccount(list, 'nobody'), undefined);
  });
});

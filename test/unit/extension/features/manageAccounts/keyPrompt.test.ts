/** The key prompt's words: the account as the user named it, where keys are found, and what was checked. */
import * as assert from 'node:assert/strict';
import { DEFAULT_ACCOUNT, type AccountInfo } from '../../../../../src/extension/accounts/accountList';
import { HOSTED_API_URL } from '../../../../../src/core/api';
import { keyQuestion, keyStored } from '../../../../../src/extension/features/manageAccounts/keyPrompt';

const byDefault: AccountInfo = { id: DEFAULT_ACCOUNT, name: 'Default', keyKind: 'master' };
const staging: AccountInfo = { id: 'staging', name: 'Staging', keyKind: 'access', apiUrl: 'http://127.0.0.1:4000/v3' };

describe('the key prompt', () => {
  it('names the service alone while the default account is the only one, and says where the hosted service shows keys', () => {
    assert.deepEqual(keyQuestion(byDefault, HOSTED_API_URL, false), {
      title: 'API Key for jsonbin.io',
      prompt:
        "Paste the Master Key (X-Master-Key) from the API Keys page of your jsonbin.io dashboard. One request checks it; then it is kept in VS Code's secret storage, never in settings.",
      placeHolder: '$2a$10$…',
    });
  });

  it('names the account as the user named it once there are several, and the host of another service', () => {
    const asked = keyQuestion(staging, 'http://127.0.0.1:4000/v3', true);
    assert.equal(asked.title, 'API Key for account "Staging" on 127.0.0.1:4000');
    assert.match(asked.prompt, /^Paste the Access Key \(X-Access-Key\) as this service gives it\./);
    assert.equal(asked.placeHolder, undefined);
    assert.equal(keyQuestion(byDefault, HOSTED_API_URL, true).title, 'API Key for account "Default" on jsonbin.io');
  });

  it('says in a line that the key is saved, for which account, and what the master key sees', () => {
    assert.equal(keyStored(byDefault, HOSTED_API_URL, false, { collections: 1 }), 'Key saved: 1 collection on jsonbin.io');
    assert.equal(keyStored(byDefault, 'http://127.0.0.1:4000/v3', false, { collections: 12 }), 'Key saved: 12 collections on 127.0.0.1:4000');
    assert.equal(keyStored(byDefault, HOSTED_API_URL, false, {}), 'Key saved for jsonbin.io');
    assert.equal(keyStored(staging, 'http://127.0.0.1:4000/v3', true, {}), 'Key saved for "Staging"');
    assert.equal(keyStored(byDefault, HOSTED_API_URL, true, { collections: 0 }), 'Key saved for "Default": 0 collections');
  });
});

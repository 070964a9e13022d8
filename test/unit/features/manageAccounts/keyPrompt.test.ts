/** The key prompt's words: the account as the user named it, where keys are found, and what was checked. */
import * as assert from 'node:assert/strict';
import { DEFAULT_ACCOUNT, type AccountInfo } from '../../../../src/accounts/accountList';
import { HOSTED_API_URL } from '../../../../src/api';
import { keyQuestion, keyStored } from '../../../../src/features/manageAccounts/keyPrompt';

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

  it('says what the check found, for which account', () => {
    assert.equal(
      keyStored(byDefault, HOSTED_API_URL, false, { collections: 1 }),
      "The key works (it listed 1 collection): jsonbin.io is connected. It is kept in VS Code's secret storage.",
    );
    assert.equal(
      keyStored(staging, 'http://127.0.0.1:4000/v3', true, {}),
      'The key works (the service accepted it): account "Staging" on 127.0.0.1:4000 is connected. It is kept in VS Code\'s secret storage.',
    );
  });
});

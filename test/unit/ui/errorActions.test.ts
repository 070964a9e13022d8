/** The action an error's notification offers: a write that may have been done is refreshed, never sent again blindly. */
import * as assert from 'node:assert/strict';
import { BinServiceError, type ErrorKind } from '../../../src/core/api';
import { errorActions } from '../../../src/extension/ui/errorActions';

const failure = (kind: ErrorKind) => new BinServiceError(kind, 'why', undefined, 'createBin');

describe('the action an error offers', () => {
  it('offers Refresh, never Retry, for a write that may have been stored', () => {
    assert.deepEqual(errorActions(failure('unknownOutcome'), true, false), ['Refresh']);
  });

  it('offers Retry only for failures that may pass, and only when the action can run again', () => {
    for (const kind of ['network', 'timeout', 'server'] as const) {
      assert.deepEqual(errorActions(failure(kind), true, false), ['Retry'], kind);
      assert.deepEqual(errorActions(failure(kind), false, false), [], kind);
    }
    for (const kind of ['notFound', 'invalidInput', 'schemaMismatch', 'unsupported', 'answerTooLarge'] as const) {
      assert.deepEqual(errorActions(failure(kind), true, false), [], kind);
    }
  });

  it('sends a key problem to the key, of the account it is of, and a plan limit to the pricing page', () => {
    assert.deepEqual(errorActions(failure('invalidKey'), true, false), ['Set API Key']);
    assert.deepEqual(errorActions(failure('missingKey'), false, true), ['Make Active and Set API Key']);
    assert.deepEqual(errorActions(failure('allowanceExhausted'), true, false), ['Open Pricing']);
    assert.deepEqual(errorActions(new Error('not the service'), true, false), []);
  });
});

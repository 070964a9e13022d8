/** A seeded slice of the fuzz campaign (test/fuzz): the same properties as `npm run fuzz`, fewer cases. */
import * as assert from 'node:assert/strict';
import { campaign } from '../../fuzz/campaign';

const RUNS = 400;
const SEED = 20261125;

describe('fuzz campaign, seeded slice', function () {
  this.timeout(120_000);

  it(`holds every property for ${RUNS} generated cases each`, async () => {
    const { figures, failures } = await campaign(RUNS, SEED);
    assert.deepEqual(failures, []);
    assert.deepEqual(
      figures.map((f) => f.cases),
      figures.map(() => RUNS),
    );
  });
});

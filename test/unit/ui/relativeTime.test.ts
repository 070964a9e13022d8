/** Times in tooltips: how long ago, in the largest whole unit, with the exact local time beside it. */
import * as assert from 'node:assert/strict';
import { relativeTime, whenWithDate } from '../../../src/extension/ui/relativeTime';

// Local times: the exact part is shown in the machine's time zone, whichever it is.
const now = new Date(2026, 10, 29, 12, 0, 30);
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relative times', () => {
  it('says how long ago in the largest whole unit, never more than has passed', () => {
    const cases: [number, string][] = [
      [20_000, 'now'],
      [MINUTE, '1 minute ago'],
      [59 * MINUTE, '59 minutes ago'],
      [2 * HOUR + 59 * MINUTE, '2 hours ago'],
      [47 * HOUR, '1 day ago'],
      [3 * DAY, '3 days ago'],
      [15 * DAY, '2 weeks ago'],
      [45 * DAY, '1 month ago'],
      [800 * DAY, '2 years ago'],
    ];
    for (const [elapsed, said] of cases) {
      assert.equal(relativeTime(ago(elapsed), now, 'en'), said, `${elapsed} ms`);
    }
  });

  it('says a time ahead of this clock as to come', () => {
    assert.equal(relativeTime(ago(-2 * MINUTE), now, 'en'), 'in 2 minutes');
  });

  it('puts the exact date and time beside it, and says unknown for an absent or broken time', () => {
    assert.equal(whenWithDate(new Date(2026, 10, 26, 15, 38, 51).toISOString(), now, 'en-GB'), '2 days ago (26 Nov 2026, 15:38)');
    assert.equal(whenWithDate('', now, 'en'), 'unknown');
    assert.equal(whenWithDate(undefined, now, 'en'), 'unknown');
    assert.equal(whenWithDate('not a date', now, 'en'), 'unknown');
  });
});

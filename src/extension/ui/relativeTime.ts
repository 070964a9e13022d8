/**
 * When something happened, as people say it ("3 days ago"), with the exact time beside it for
 * those who need it. No `vscode` import: tested in plain Node (its words through `@vscode/l10n`).
 */
import * as l10n from '@vscode/l10n';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The largest unit that fits: months and years as calendars round them are close enough here. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/** "3 days ago", "in 2 minutes" (a clock ahead of ours), "now" under a minute. */
export function relativeTime(date: Date, now: Date, locale?: string): string {
  const elapsed = date.getTime() - now.getTime();
  const unit = UNITS.find(([, ms]) => Math.abs(elapsed) >= ms);
  if (!unit) {
    return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
  }
  // Whole units passed, as "1 day ago" for 47 hours: never more than has passed.
  return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(Math.trunc(elapsed / unit[1]), unit[0]);
}

/** "3 days ago (26 Nov 2026, 15:38)"; "unknown" for a time that is absent or not one. */
export function whenWithDate(iso: string | undefined, now: Date, locale?: string): string {
  const date = new Date(iso ?? '');
  if (!iso || Number.isNaN(date.getTime())) {
    return l10n.t('unknown');
  }
  const exact = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(date);
  return l10n.t({
    message: '{0} ({1})',
    args: [relativeTime(date, now, locale), exact],
    comment: ['{0}: how long ago, as "3 days ago"; {1}: the date and time'],
  });
}

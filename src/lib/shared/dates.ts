/**
 * Every date the site shows, in one time zone: the words a visitor reads ("23 November 2026"), the
 * day in `<time datetime>` and the structured data (2026-11-23), and the day a scheduled post goes
 * live. Both come from the same instant in the same zone, so they never disagree: at 00:30 on a
 * summer night in the UK it is still the day before in UTC, and a build machine runs in either.
 * Pure: pages pass the site's locale in (`site.locale` in src/site.config.ts).
 */

/** The zone of every date on the site: the agency's UK days, whatever the build machine's zone. */
export const siteTimeZone = 'Europe/London';

// Digits by parts rather than a locale's own short format, whose order and separators vary.
const dayParts = new Intl.DateTimeFormat('en-US', {
  timeZone: siteTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The UK day of an instant, YYYY-MM-DD: for `datetime`, structured data and comparing days. */
export function isoDay(date: Date): string {
  const parts = dayParts.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The UK day of an instant in words, in `locale`: "23 November 2026" in en-GB. */
export const longDate = (date: Date, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: siteTimeZone }).format(date);

/** What a `<time>` element shows and its `datetime`, from the one instant. */
export const timeElement = (date: Date, locale: string) => ({
  datetime: isoDay(date),
  text: longDate(date, locale),
});

/** True when `date` falls on a later UK day than `today`. */
export const isFutureDay = (date: Date, today: Date) =>
  !Number.isNaN(date.getTime()) && isoDay(date) > isoDay(today);

const hourParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: siteTimeZone,
  hour: 'numeric',
  hourCycle: 'h23',
});

/** The UK hour of an instant, 0 to 23: whatever the season, 0 is the first hour of the UK day. */
export const ukHour = (date: Date): number => Number(hourParts.format(date));

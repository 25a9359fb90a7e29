import { describe, expect, it } from 'vitest';
import { isFutureDay, isoDay, longDate, timeElement } from '@/lib/shared/dates';

describe('dates', () => {
  it('write a day from the front matter as the UK writes it, in words and in datetime', () => {
    // YAML's 2026-11-23 is midnight UTC.
    expect(timeElement(new Date('2026-11-23'), 'en-GB')).toEqual({
      datetime: '2026-11-23',
      text: '23 November 2026',
    });
    expect(timeElement(new Date('2026-07-02'), 'en-GB')).toEqual({
      datetime: '2026-07-02',
      text: '2 July 2026',
    });
  });

  it('at 00:30 on a summer night (BST) give the UK day, which UTC still calls the day before', () => {
    const halfPastMidnight = new Date('2026-07-01T23:30:00Z'); // 00:30 on 2 July in London
    expect(halfPastMidnight.toISOString().slice(0, 10)).toBe('2026-07-01');
    expect(timeElement(halfPastMidnight, 'en-GB')).toEqual({ datetime: '2026-07-02', text: '2 July 2026' });
  });

  it('in winter (GMT) give the same day as UTC, up to its last minute', () => {
    expect(timeElement(new Date('2026-01-15T00:30:00Z'), 'en-GB')).toEqual({
      datetime: '2026-01-15',
      text: '15 January 2026',
    });
    expect(isoDay(new Date('2026-01-15T23:59:00Z'))).toBe('2026-01-15');
  });

  it('follow the clock change: one hour ahead of UTC from the last Sunday of March', () => {
    expect(isoDay(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-28');
    expect(isoDay(new Date('2026-03-29T23:30:00Z'))).toBe('2026-03-30');
    expect(isoDay(new Date('2026-10-25T23:30:00Z'))).toBe('2026-10-25');
  });

  it('write the words in the locale given', () => {
    expect(longDate(new Date('2026-11-23'), 'en-US')).toBe('November 23, 2026');
  });

  it('call a day still to come only when it is a later UK day', () => {
    const summerNight = new Date('2026-07-01T23:30:00Z'); // 2 July in London
    expect(isFutureDay(new Date('2026-07-02'), summerNight)).toBe(false);
    expect(isFutureDay(new Date('2026-07-03'), summerNight)).toBe(true);
    expect(isFutureDay(new Date('not a date'), summerNight)).toBe(false);
  });
});

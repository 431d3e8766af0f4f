import { describe, expect, it } from 'vitest';
import { calendarDaysSince, formatDaysAgo, isWithinDays } from './relative-day.ts';

/** A moment in the test's own time zone, as the browser's clock gives it. */
const local = (day: number, hour: number) => new Date(2025, 2, day, hour, 0).getTime();
const iso = (time: number) => new Date(time).toISOString();

describe('calendarDaysSince', () => {
  it('counts calendar days in the visitor\'s time zone, not 24-hour periods', () => {
    expect(calendarDaysSince(iso(local(12, 9)), local(12, 20))).toBe(0);
    expect(calendarDaysSince(iso(local(11, 23)), local(12, 1))).toBe(1);
    expect(calendarDaysSince(iso(local(9, 1)), local(12, 23))).toBe(3);
  });

  it('says today for a moment ahead of the browser\'s clock, and null for a date it cannot read', () => {
    expect(calendarDaysSince(iso(local(13, 8)), local(12, 20))).toBe(0);
    expect(calendarDaysSince('not a date', local(12, 20))).toBeNull();
  });
});

describe('formatDaysAgo', () => {
  it('says today and yesterday in words, then the days, in the page\'s language', () => {
    expect(formatDaysAgo(0, 'en')).toBe('today');
    expect(formatDaysAgo(1, 'en')).toBe('yesterday');
    expect(formatDaysAgo(3, 'en')).toBe('3 days ago');
    expect(formatDaysAgo(1, 'es')).toBe('ayer');
    expect(formatDaysAgo(3, 'es')).toBe('hace 3 días');
    expect(formatDaysAgo(3, 'de')).toBe('vor 3 Tagen');
    expect(formatDaysAgo(3, 'it')).toBe('3 giorni fa');
    expect(formatDaysAgo(0, 'fr')).toBe('aujourd’hui');
  });

  it('counts in months, then years, once days are too many to read', () => {
    expect(formatDaysAgo(30, 'en')).toBe('30 days ago');
    expect(formatDaysAgo(65, 'en')).toBe('2 months ago');
    expect(formatDaysAgo(800, 'en')).toBe('2 years ago');
  });
});

describe('isWithinDays', () => {
  const now = Date.parse('2025-03-12T12:00:00Z');

  it('takes a moment at most that many days before now, or after it', () => {
    expect(isWithinDays('2025-03-05T12:00:00Z', now, 7)).toBe(true);
    expect(isWithinDays('2025-03-05T11:59:00Z', now, 7)).toBe(false);
    expect(isWithinDays('2025-03-12T12:05:00Z', now, 7)).toBe(true);
    expect(isWithinDays('soon', now, 7)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';

describe('formatDate', () => {
  it('writes an API date in full in the visitor\'s language', () => {
    expect(formatDate('2025-03-12T10:00:00Z', 'en')).toBe('March 12, 2025');
    expect(formatDate('2025-03-12T10:00:00Z', 'es')).toBe('12 de marzo de 2025');
    expect(formatDate('2025-03-12T10:00:00Z', 'de')).toBe('12. März 2025');
  });

  it('writes it shorter in the medium style', () => {
    expect(formatDate('2025-03-12T10:00:00Z', 'en', 'medium')).toBe('Mar 12, 2025');
  });

  it('writes the month and year only for "member since"', () => {
    expect(formatDate('2025-03-12T10:00:00Z', 'en', 'month')).toBe('March 2025');
  });

  it('writes the day in the time zone asked for, the same on the server and in the browser', () => {
    expect(formatDate('2025-03-12T23:30:00Z', 'en', 'long', 'UTC')).toBe('March 12, 2025');
    expect(formatDate('2025-03-12T23:30:00Z', 'en', 'long', 'Asia/Tokyo')).toBe('March 13, 2025');
  });

  it('gives an empty string for a date it cannot read', () => {
    expect(formatDate('not a date', 'en')).toBe('');
    expect(formatDate('', 'en')).toBe('');
  });
});

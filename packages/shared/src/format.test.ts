import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatClockTime,
  formatDate,
  formatDateTime,
  formatDateTimeRange,
  formatMoney,
  formatPlaceTime,
  formatPlaceWindow,
  formatTime,
} from './format.ts';

describe('money', () => {
  it('shows an amount in its currency with two decimals, never "695.5 USD"', () => {
    expect(formatMoney(695.5, 'USD')).toBe('$695.50');
    expect(formatMoney(1250, 'EUR')).toBe('€1,250.00');
    expect(formatMoney(1500, 'GBP')).toBe('£1,500.00');
  });

  it('still reads plainly for a code Intl does not know', () => {
    expect(formatMoney(5, 'XX1')).toBe('5.00 XX1');
  });

  it('shows a bare figure with two decimals', () => {
    expect(formatAmount(980.25)).toBe('980.25');
    expect(formatAmount(1500)).toBe('1,500.00');
  });
});

describe('time', () => {
  const moment = '2026-03-12T14:30:00.000Z';

  it('names the zone of every time it shows', () => {
    expect(formatDateTime(moment, 'UTC')).toBe('Mar 12, 2026, 2:30 PM UTC');
    expect(formatDateTime(new Date(moment), 'America/New_York')).toBe('Mar 12, 2026, 10:30 AM EDT');
    expect(formatDateTime(moment, 'Europe/Berlin')).toBe('Mar 12, 2026, 3:30 PM GMT+1');
    expect(formatTime(moment, 'UTC')).toBe('2:30 PM UTC');
  });

  it('shows a day, and a clock time without its zone for the start of a range', () => {
    expect(formatDate(moment, 'UTC')).toBe('Mar 12, 2026');
    expect(formatDate('2026-03-12T23:30:00.000Z', 'Asia/Tokyo')).toBe('Mar 13, 2026');
    expect(formatClockTime(moment, 'UTC')).toBe('2:30 PM');
  });

  it('names the zone of a window once, and both days of a window over several', () => {
    expect(formatDateTimeRange(moment, '2026-03-12T16:30:00.000Z', 'UTC')).toBe('Mar 12, 2026, 2:30 PM – 4:30 PM UTC');
    expect(formatDateTimeRange(moment, '2026-03-13T09:00:00.000Z', 'UTC')).toBe(
      'Mar 12, 2026, 2:30 PM – Mar 13, 2026, 9:00 AM UTC',
    );
  });

  it('shows a text that is no date as it came', () => {
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDate('')).toBe('');
  });
});

describe('capture times at their place (decision 141)', () => {
  it('names the place’s zone by its IANA name, the day once for a window within one day', () => {
    // 08:00 UTC in December is 08:00 in London and 17:00 in Tokyo.
    expect(formatPlaceWindow('2026-12-03T08:00:00Z', '2026-12-03T11:00:00Z', 'Europe/London')).toBe(
      'Dec 3, 2026, 8:00 AM – 11:00 AM (Europe/London)',
    );
    expect(formatPlaceWindow('2026-12-03T08:00:00Z', '2026-12-03T16:00:00Z', 'Asia/Tokyo')).toBe(
      'Dec 3, 2026, 5:00 PM – Dec 4, 2026, 1:00 AM (Asia/Tokyo)',
    );
    expect(formatPlaceTime('2026-07-01T08:00:00Z', 'Europe/London')).toBe('Jul 1, 2026, 9:00 AM (Europe/London)');
  });

  it('falls back to the range with its short zone name when there is no place', () => {
    expect(formatPlaceWindow('2026-12-03T08:00:00Z', '2026-12-03T11:00:00Z', null)).toBe(
      formatDateTimeRange('2026-12-03T08:00:00Z', '2026-12-03T11:00:00Z'),
    );
  });
});

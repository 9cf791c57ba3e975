import { formatMoney, formatMoneyRounded } from '@spacecapture/shared/format';
import { describe, expect, it } from 'vitest';
import { formatMonth, formatRate, formatStatus, revenueSeries } from './report-format.ts';

describe('report formatting', () => {
  it('puts each currency on every month of the range, zeros included', () => {
    const series = revenueSeries({
      ordersByMonth: [
        { month: '2026-09', count: 1 },
        { month: '2026-10', count: 0 },
        { month: '2026-11', count: 3 },
      ],
      revenueByMonth: [
        { month: '2026-09', currency: 'EUR', quotes: 1, total: 1200 },
        { month: '2026-11', currency: 'EUR', quotes: 2, total: 800.5 },
        { month: '2026-11', currency: 'USD', quotes: 1, total: 99 },
      ],
      revenueByCurrency: [
        { currency: 'EUR', quotes: 3, total: 2000.5 },
        { currency: 'USD', quotes: 1, total: 99 },
      ],
    });
    expect(series).toEqual([
      {
        currency: 'EUR',
        data: [
          { label: 'Sep 2026', value: 1200 },
          { label: 'Oct 2026', value: 0 },
          { label: 'Nov 2026', value: 800.5 },
        ],
      },
      {
        currency: 'USD',
        data: [
          { label: 'Sep 2026', value: 0 },
          { label: 'Oct 2026', value: 0 },
          { label: 'Nov 2026', value: 99 },
        ],
      },
    ]);
  });

  it('reads figures the way people write them', () => {
    expect(formatMonth('2026-01')).toBe('Jan 2026');
    expect(formatRate(null)).toBe('—');
    expect(formatRate(2 / 3)).toBe('67%');
    expect(formatMoney(1250, 'EUR')).toBe('€1,250.00');
    expect(formatMoney(5, 'XX1')).toBe('5.00 XX1');
    expect(formatMoneyRounded(1500.4, 'EUR')).toBe('€1,500');
    expect(formatStatus('in_progress')).toBe('In progress');
  });
});

import { describe, expect, it } from 'vitest';
import { monthlySeries } from './performance-months.ts';

describe('monthlySeries', () => {
  it('fills the last twelve months, zero where nothing was accepted', () => {
    const series = monthlySeries(
      [
        { month: '2025-01', jobs: 9 },
        { month: '2025-04', jobs: 2 },
        { month: '2026-03', jobs: 3 },
      ],
      new Date(Date.UTC(2026, 2, 15)),
    );
    expect(series).toHaveLength(12);
    expect(series[0]).toEqual({ label: 'Apr 25', value: 2 });
    expect(series.at(-1)).toEqual({ label: 'Mar 26', value: 3 });
    expect(series.slice(1, -1).every((item) => item.value === 0)).toBe(true);
  });
});

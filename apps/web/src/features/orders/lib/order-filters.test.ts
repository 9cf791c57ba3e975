import { describe, expect, it } from 'vitest';
import { readOrderFilters, withOpenOrder, withOrderFilters } from './order-filters.ts';

describe('order filters in the address', () => {
  it('reads the search and a known status; drops an unknown status', () => {
    expect(readOrderFilters(new URLSearchParams('q=%20Leeds%20&status=in_progress'))).toEqual({
      q: 'Leeds',
      status: 'in_progress',
    });
    expect(readOrderFilters(new URLSearchParams('status=shipped'))).toEqual({ q: '', status: '' });
    expect(readOrderFilters(new URLSearchParams(`q=${'x'.repeat(300)}`)).q).toHaveLength(200);
  });

  it('writes filters, keeps other parameters and closes an open order', () => {
    const current = new URLSearchParams('tab=orders&order=abc&q=old');
    expect(withOrderFilters(current, { q: 'Leeds', status: 'completed' })).toBe('?tab=orders&q=Leeds&status=completed');
    expect(withOrderFilters(current, { q: '', status: '' })).toBe('?tab=orders');
  });

  it('opens and closes an order, keeping the filters', () => {
    const current = new URLSearchParams('q=Leeds');
    expect(withOpenOrder(current, 'abc')).toBe('?q=Leeds&order=abc');
    expect(withOpenOrder(new URLSearchParams('q=Leeds&order=abc'), null)).toBe('?q=Leeds');
    expect(withOpenOrder(new URLSearchParams('order=abc'), null)).toBe('');
  });
});

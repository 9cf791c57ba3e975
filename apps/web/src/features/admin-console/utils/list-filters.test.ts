import { describe, expect, it } from 'vitest';
import { readOrderFilters } from './list-filters.ts';

describe('order filters in the URL', () => {
  it('reads the search and a known status', () => {
    expect(readOrderFilters(new URLSearchParams('q=%20Oslo%20&status=scheduled'))).toEqual({
      q: 'Oslo',
      status: 'scheduled',
    });
  });

  it('reads an unknown status as no filter and caps a long search', () => {
    const filters = readOrderFilters(new URLSearchParams(`status=lost&q=${'a'.repeat(500)}`));
    expect(filters.status).toBe('');
    expect(filters.q).toHaveLength(200);
  });
});

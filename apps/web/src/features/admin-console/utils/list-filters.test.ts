import { describe, expect, it } from 'vitest';
import { readOrderFilters, withParams } from './list-filters.ts';

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

  it('sets, replaces and removes parameters, keeping the others', () => {
    const params = new URLSearchParams('q=oslo&status=triage');
    expect(withParams(params, { order: 'abc' })).toBe('?q=oslo&status=triage&order=abc');
    expect(withParams(params, { status: '' })).toBe('?q=oslo');
    expect(withParams(params, { q: null, status: null })).toBe('');
  });
});

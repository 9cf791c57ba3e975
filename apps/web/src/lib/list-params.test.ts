import { describe, expect, it } from 'vitest';
import { readSearch, withParams } from './list-params.ts';

describe('list parameters in the URL', () => {
  it('sets, replaces and removes parameters, keeping the others', () => {
    const params = new URLSearchParams('q=oslo&status=triage');
    expect(withParams(params, { order: 'abc' })).toBe('?q=oslo&status=triage&order=abc');
    expect(withParams(params, { status: '' })).toBe('?q=oslo');
    expect(withParams(params, { q: null, status: null })).toBe('');
  });

  it('reads the search trimmed and capped', () => {
    expect(readSearch(new URLSearchParams('q=%20Oslo%20'))).toBe('Oslo');
    expect(readSearch(new URLSearchParams(`q=${'a'.repeat(500)}`))).toHaveLength(200);
  });
});

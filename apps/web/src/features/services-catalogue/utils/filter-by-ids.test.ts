import { describe, expect, it } from 'vitest';
import { filterByIds, toggleId } from './filter-by-ids.ts';

const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

describe('filterByIds', () => {
  it('shows every item when nothing is selected', () => {
    expect(filterByIds(items, new Set())).toEqual(items);
  });

  it('narrows to the selected items, keeping their order', () => {
    expect(filterByIds(items, new Set(['c', 'a']))).toEqual([{ id: 'a' }, { id: 'c' }]);
  });
});

describe('toggleId', () => {
  it('adds and removes without changing the original set', () => {
    const empty = new Set<string>();
    const withA = toggleId(empty, 'a');
    expect([...withA]).toEqual(['a']);
    expect(empty.size).toBe(0);
    expect([...toggleId(withA, 'a')]).toEqual([]);
  });
});

/** Multi-select filter: no selection shows every item; otherwise only the selected ones, in order. */
export function filterByIds<T extends { id: string }>(
  items: readonly T[],
  selected: ReadonlySet<string>,
): readonly T[] {
  if (selected.size === 0) return items;
  return items.filter((item) => selected.has(item.id));
}

/** Adds the id when absent, removes it when present; returns a new set. */
export function toggleId(selected: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

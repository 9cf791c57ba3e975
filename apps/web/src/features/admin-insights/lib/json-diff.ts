export type TDiffChange = 'added' | 'removed' | 'changed' | 'unchanged';
export type TDiffRow = { path: string; before: string | null; after: string | null; change: TDiffChange };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Leaf values by dotted path; arrays and scalars are leaves, a bare scalar sits under "value". */
function flatten(value: unknown, prefix: string, into: Map<string, string>) {
  if (value === undefined || (value === null && !prefix)) return;
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0 && prefix) into.set(prefix, '{}');
    for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, into);
    return;
  }
  into.set(prefix || 'value', typeof value === 'string' ? value : JSON.stringify(value));
}

/**
 * An audit entry's before and after, field by field: what was added, removed or changed first
 * (in the order the fields appear), then what stayed the same.
 */
export function diffJson(before: unknown, after: unknown): TDiffRow[] {
  const left = new Map<string, string>();
  const right = new Map<string, string>();
  flatten(before, '', left);
  flatten(after, '', right);
  const paths = [...new Set([...left.keys(), ...right.keys()])];
  const rows = paths.map((path): TDiffRow => {
    const was = left.get(path) ?? null;
    const now = right.get(path) ?? null;
    let change: TDiffChange = 'unchanged';
    if (was === null) change = 'added';
    else if (now === null) change = 'removed';
    else if (was !== now) change = 'changed';
    return { path, before: was, after: now, change };
  });
  return [...rows.filter((row) => row.change !== 'unchanged'), ...rows.filter((row) => row.change === 'unchanged')];
}

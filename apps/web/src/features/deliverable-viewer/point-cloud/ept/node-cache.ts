/**
 * Nodes recently dropped from the view (or arriving after they stopped being wanted), kept by the
 * page up to a number of bytes so turning back shows them again without fetching them: least
 * recently used goes first. Bounded by bytes, not nodes, since nodes differ in size.
 */
export class NodeCache<TValue> {
  private readonly entries = new Map<string, { value: TValue; bytes: number }>();
  private total = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: TValue) => number,
  ) {}

  get bytes() {
    return this.total;
  }

  get size() {
    return this.entries.size;
  }

  has(key: string) {
    return this.entries.has(key);
  }

  /** Keeps a node as the most recently used; the oldest go until the cache fits. */
  put(key: string, value: TValue) {
    this.remove(key);
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes;
    }
  }

  /** Takes a node out (it is held again). */
  take(key: string): TValue | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.remove(key);
    return entry.value;
  }

  clear() {
    this.entries.clear();
    this.total = 0;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }
}

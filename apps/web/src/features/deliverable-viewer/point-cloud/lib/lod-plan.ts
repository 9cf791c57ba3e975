/**
 * Level of detail for a point file without an index (LAS, binary PLY): the order in which to fetch
 * runs of point records by HTTP range so that a coarse cloud covering the whole file shows after
 * the first requests and fills in as more arrive, and so that a file larger than the point budget
 * is never read whole.
 *
 * The records are cut into blocks of about `blockBytes`. A first pass fetches the head of every
 * block (1/`coarseDivisor` of it), a second pass the rest. Both passes visit blocks in
 * bit-reversed order (0, ½, ¼, ¾, …), so any prefix of the plan is spread evenly over the file:
 * scanners write points in sweep or tile order, so an even spread in the file is a spread in space.
 * The plan stops at the point budget.
 */

export type TPointFetch = {
  /** Index of the first record fetched. */
  firstPoint: number;
  /** Records fetched (contiguous). */
  count: number;
  /** Byte range, inclusive, as in an HTTP Range header. */
  start: number;
  end: number;
  /** 0 for the coarse pass, 1 for the refinement. */
  pass: 0 | 1;
};

export type TLodOptions = {
  pointCount: number;
  recordLength: number;
  dataOffset: number;
  /** Most points to load; the rest of the file is never fetched. */
  budget: number;
  blockBytes?: number;
  coarseDivisor?: number;
};

export const DEFAULT_BLOCK_BYTES = 1 << 20;
const DEFAULT_COARSE_DIVISOR = 16;

/** 0 … n-1 in bit-reversed (van der Corput) order: each prefix samples the range evenly. */
export function bitReversedOrder(n: number): number[] {
  if (n <= 0) return [];
  let bits = 0;
  while (1 << bits < n) bits += 1;
  const order: number[] = [];
  for (let i = 0; i < 1 << bits; i += 1) {
    let reversed = 0;
    for (let bit = 0; bit < bits; bit += 1) if (i & (1 << bit)) reversed |= 1 << (bits - 1 - bit);
    if (reversed < n) order.push(reversed);
  }
  return order;
}

export function planPointFetches(options: TLodOptions): TPointFetch[] {
  const { pointCount, recordLength, dataOffset } = options;
  const budget = Math.max(0, Math.min(options.budget, pointCount));
  const blockBytes = options.blockBytes ?? DEFAULT_BLOCK_BYTES;
  const coarseDivisor = options.coarseDivisor ?? DEFAULT_COARSE_DIVISOR;
  if (budget === 0 || recordLength <= 0) return [];
  const blockPoints = Math.max(1, Math.floor(blockBytes / recordLength));
  const fetchOf = (firstPoint: number, count: number, pass: 0 | 1): TPointFetch => ({
    firstPoint,
    count,
    start: dataOffset + firstPoint * recordLength,
    end: dataOffset + (firstPoint + count) * recordLength - 1,
    pass,
  });
  // A small file within budget: one request, nothing to refine.
  if (pointCount <= blockPoints && budget === pointCount) return [fetchOf(0, pointCount, 1)];

  const blocks = Math.ceil(pointCount / blockPoints);
  const order = bitReversedOrder(blocks);
  const headPoints = Math.max(1, Math.ceil(blockPoints / coarseDivisor));
  const plan: TPointFetch[] = [];
  let planned = 0;
  const add = (firstPoint: number, count: number, pass: 0 | 1): boolean => {
    const take = Math.min(count, budget - planned);
    if (take > 0) {
      plan.push(fetchOf(firstPoint, take, pass));
      planned += take;
    }
    return planned < budget;
  };
  for (const block of order) {
    const first = block * blockPoints;
    const inBlock = Math.min(blockPoints, pointCount - first);
    if (!add(first, Math.min(headPoints, inBlock), 0)) return plan;
  }
  for (const block of order) {
    const first = block * blockPoints;
    const inBlock = Math.min(blockPoints, pointCount - first);
    if (inBlock > headPoints && !add(first + headPoints, inBlock - headPoints, 1)) return plan;
  }
  return plan;
}

/** Points to load at most: more than a browser tab holds comfortably is left on the server. */
export const DEFAULT_POINT_BUDGET = 4_000_000;

/** "1.2 M", "850 k", "930": point counts as the status line shows them. */
export function formatPointCount(count: number): string {
  if (count >= 1_000_000) return `${(count / 1_000_000).toFixed(1)} M`;
  if (count >= 10_000) return `${Math.round(count / 1000)} k`;
  return String(count);
}

import { mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type TPointBatch, type TPointSource, UnreadablePointCloudError } from './point-source.ts';

/**
 * Turns a point cloud into an Entwine Point Tile tree (decisions 226 and 244): `ept.json`, one
 * hierarchy file `ept-hierarchy/0-0-0-0.json` and one uncompressed binary file per node,
 * `ept-data/D-X-Y-Z.bin`. The points come from a reader of the file's format (`TPointSource`).
 *
 * The file is read twice (three times when it states no bounds: a first pass measures them) and
 * never held whole:
 * 1. a counting pass fills a grid of 128³ cells (16 MB of counts) from which every node's point
 *    count is known before any point is placed, so the tree's shape is decided up front;
 * 2. a distribution pass places each point in exactly one node: a node holding at most
 *    `maxNodePoints` below it is a leaf and keeps all of them; a larger node keeps an even random
 *    sample of about `maxNodePoints / 2` (a coarse view of everything under it) and passes the
 *    rest down. Each node's records gather in a small buffer flushed to its file, and the buffers
 *    together stay under `bufferBudgetBytes`, so memory does not grow with the file.
 *
 * A LAS or LAZ point keeps its integer coordinates with the file's scale and offset (declared in
 * the schema), so nothing is rounded on the way; other formats' coordinates are stored on a grid of
 * 0.1 mm (coarser only for a cloud wider than int32 allows at that step).
 */

const EPT_GRID_LEVELS = 7;
const GRID_SIDE = 1 << EPT_GRID_LEVELS;

export type TEptOptions = {
  /** A node with at most this many points below it is a leaf. */
  maxNodePoints: number;
  /** What all nodes' write buffers may hold together. */
  bufferBudgetBytes: number;
  /** Called now and then with the share of the work done, 0..1. */
  onProgress?: (done: number) => void;
};

export const DEFAULT_EPT_OPTIONS: TEptOptions = {
  maxNodePoints: 100_000,
  bufferBudgetBytes: 128 * 1024 * 1024,
};

export type TEptSummary = {
  points: number;
  nodes: number;
  depth: number;
  bounds: number[];
  boundsConformed: number[];
};

/** A stable number in [0, 1) for a point's place in the file: which nodes sample it. */
function sampleOf(index: number) {
  let h = Math.imul(index ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

type TNode = { depth: number; x: number; y: number; z: number; keepShare: number; leaf: boolean; points: number };

/** A node's EPT key, D-X-Y-Z. */
const keyOf = (node: TNode) => `${node.depth}-${node.x}-${node.y}-${node.z}`;

/** The finest cell along one axis of a coordinate. */
function cell(value: number, from: number, perUnit: number) {
  const at = Math.floor((value - from) * perUnit);
  return at < 0 ? 0 : at >= GRID_SIDE ? GRID_SIDE - 1 : at;
}

/** The finest step of the stored grid for formats without their own: 0.1 mm. */
const FINEST_STEP = 0.0001;
const INT32_REACH = 2 ** 31 - 2;

/** A grid for the stored integers: the source's own, or 0.1 mm (or the next power of ten that fits) about the middle. */
function storageGrid(source: TPointSource, low: number[], high: number[]) {
  if (source.storage) return source.storage;
  const offset = [0, 1, 2].map((axis) => Math.round((low[axis]! + high[axis]!) / 2)) as [number, number, number];
  const reach = Math.max(...[0, 1, 2].map((axis) => Math.max(high[axis]! - offset[axis]!, offset[axis]! - low[axis]!)));
  let step = FINEST_STEP;
  while (reach / step > INT32_REACH) step *= 10;
  return { scale: [step, step, step] as [number, number, number], offset };
}

/** Bytes of one EPT record: X, Y, Z (int32), Intensity (uint16), Classification (uint8), then RGB. */
const recordLengthOf = (hasColor: boolean) => 15 + (hasColor ? 6 : 0);

/** The `schema` of ept.json for records written by `placeBatch`. */
function eptSchema(grid: { scale: number[]; offset: number[] }, hasColor: boolean) {
  const axes = ['X', 'Y', 'Z'] as const;
  return [
    ...axes.map((name, axis) => ({
      name,
      type: 'signed',
      size: 4,
      scale: grid.scale[axis],
      offset: grid.offset[axis],
    })),
    { name: 'Intensity', type: 'unsigned', size: 2 },
    { name: 'Classification', type: 'unsigned', size: 1 },
    ...(hasColor
      ? ['Red', 'Green', 'Blue'].map((name) => ({ name, type: 'unsigned', size: 2 }))
      : ([] as { name: string; type: string; size: number }[])),
  ];
}

/** What the distribution pass needs, in flat arrays: the hot loop reads nothing else. */
type TPlacement = {
  outRecord: number;
  bufferBytes: number;
  hasColor: boolean;
  low: [number, number, number];
  perUnit: number;
  /** Stored integer = (coordinate - offset) * inverse scale, rounded. */
  offset: [number, number, number];
  inverseScale: [number, number, number];
  /** Intensity maps from [intensityLow, intensityLow + 65535 / intensityPerUnit] onto 0..65535. */
  intensityLow: number;
  intensityPerUnit: number;
  nodeAt: Int32Array[];
  keepShare: Float64Array;
  pointsOf: Float64Array;
  buffered: (Uint8Array | undefined)[];
  bufferViews: (DataView | undefined)[];
  used: Int32Array;
  /** The index in the file of the batch's first point. */
  firstIndex: number;
};

/**
 * Places a batch's points into their nodes' buffers; answers the buffers that filled meanwhile
 * (their nodes start new ones), for the caller to write.
 */
function placeBatch(plan: TPlacement, batch: TPointBatch): { id: number; bytes: Uint8Array }[] {
  const { outRecord, bufferBytes, hasColor, perUnit, intensityLow, intensityPerUnit } = plan;
  const { nodeAt, keepShare, pointsOf, buffered, bufferViews, used } = plan;
  const [lowX, lowY, lowZ] = plan.low;
  const [ox, oy, oz] = plan.offset;
  const [kx, ky, kz] = plan.inverseScale;
  const { count, xyz, intensity, classification, rgb } = batch;
  const full: { id: number; bytes: Uint8Array }[] = [];
  for (let i = 0; i < count; i++) {
    const x = xyz[i * 3]!;
    const y = xyz[i * 3 + 1]!;
    const z = xyz[i * 3 + 2]!;
    const cx = cell(x, lowX, perUnit);
    const cy = cell(y, lowY, perUnit);
    const cz = cell(z, lowZ, perUnit);
    const sample = sampleOf(plan.firstIndex + i);
    let id = 0;
    for (let depth = 0; depth <= EPT_GRID_LEVELS; depth++) {
      const shift = EPT_GRID_LEVELS - depth;
      id = nodeAt[depth]![((((cz >> shift) << depth) + (cy >> shift)) << depth) + (cx >> shift)]!;
      if (sample < keepShare[id]!) break;
    }
    pointsOf[id]!++;
    let out = bufferViews[id];
    if (out === undefined) {
      const bytes = new Uint8Array(bufferBytes);
      buffered[id] = bytes;
      out = new DataView(bytes.buffer);
      bufferViews[id] = out;
    }
    const to = used[id]!;
    out.setInt32(to, Math.round((x - ox) * kx), true);
    out.setInt32(to + 4, Math.round((y - oy) * ky), true);
    out.setInt32(to + 8, Math.round((z - oz) * kz), true);
    if (intensity) {
      const level = Math.round((intensity[i]! - intensityLow) * intensityPerUnit);
      out.setUint16(to + 12, level < 0 ? 0 : level > 65_535 ? 65_535 : level, true);
    }
    if (classification) out.setUint8(to + 14, classification[i]!);
    if (hasColor && rgb) {
      out.setUint16(to + 15, rgb[i * 3]!, true);
      out.setUint16(to + 17, rgb[i * 3 + 1]!, true);
      out.setUint16(to + 19, rgb[i * 3 + 2]!, true);
    }
    used[id] = to + outRecord;
    if (to + outRecord === bufferBytes) {
      full.push({ id, bytes: buffered[id]! });
      buffered[id] = undefined;
      bufferViews[id] = undefined;
      used[id] = 0;
    }
  }
  return full;
}

/** Reads the whole source once for its bounds and its intensities' range. */
async function measure(source: TPointSource, report: (done: number) => void) {
  const low = [Infinity, Infinity, Infinity];
  const high = [-Infinity, -Infinity, -Infinity];
  const intensity = [Infinity, -Infinity];
  let done = 0;
  await source.read(({ count, xyz, intensity: levels }) => {
    for (let i = 0; i < count; i++) {
      for (let axis = 0; axis < 3; axis++) {
        const value = xyz[i * 3 + axis]!;
        if (value < low[axis]!) low[axis] = value;
        if (value > high[axis]!) high[axis] = value;
      }
      if (levels) {
        const level = levels[i]!;
        if (level < intensity[0]!) intensity[0] = level;
        if (level > intensity[1]!) intensity[1] = level;
      }
    }
    done += count;
    report(done);
  });
  return { low, high, intensity, points: done };
}

/** Converts the points of `source` into an EPT tree in `outDir` (created); resolves with its facts. */
export async function convertToEpt(
  source: TPointSource,
  outDir: string,
  options: TEptOptions = DEFAULT_EPT_OPTIONS,
): Promise<TEptSummary> {
  const onProgress = options.onProgress ?? (() => {});
  let reported = 0;
  // Never backwards, even when a stale header costs a recount.
  const report = (done: number) => {
    if (done > reported) {
      reported = Math.min(1, done);
      onProgress(reported);
    }
  };
  const stated = Math.max(1, source.pointCount);
  const passes = source.bounds ? 2 : 3;
  // Shares of the work: measuring (when the file states no bounds), counting, placing; the rest is the hierarchy.
  const countFrom = passes === 3 ? 0.25 : 0;
  const placeFrom = passes === 3 ? 0.5 : 0.4;

  let low: number[];
  let high: number[];
  let intensityRange = source.intensityRange;
  if (source.bounds) {
    low = [...source.bounds.min];
    high = [...source.bounds.max];
  } else {
    const measured = await measure(source, (done) => report((countFrom * done) / stated));
    if (measured.points === 0) throw new UnreadablePointCloudError(`The ${source.format} file holds no points.`);
    low = measured.low;
    high = measured.high;
    if (!intensityRange && measured.intensity[0]! <= measured.intensity[1]!) {
      intensityRange = measured.intensity as [number, number];
    }
  }
  if (![...low, ...high].every(Number.isFinite)) {
    throw new UnreadablePointCloudError(`The ${source.format} file states bounds that are not numbers.`);
  }

  // Counting pass: points per finest cell of the tree's cube. The cube starts from the stated (or
  // measured) bounds; bounds that leave points out (a stale header) cost one more pass with the real ones.
  let side = 0;
  let total = 0;
  let conformed: number[][] = [];
  const finest = new Uint32Array(GRID_SIDE ** 3);
  for (let attempt = 0; ; attempt++) {
    side = Math.max(high[0]! - low[0]!, high[1]! - low[1]!, high[2]! - low[2]!, 1e-6);
    const [lowX, lowY, lowZ] = low as [number, number, number];
    const perUnit = GRID_SIDE / side;
    let [minX, minY, minZ] = [Infinity, Infinity, Infinity];
    let [maxX, maxY, maxZ] = [-Infinity, -Infinity, -Infinity];
    let [intensityLow, intensityHigh] = [Infinity, -Infinity];
    finest.fill(0);
    let done = 0;
    await source.read(({ count, xyz, intensity }) => {
      for (let i = 0; i < count; i++) {
        const x = xyz[i * 3]!;
        const y = xyz[i * 3 + 1]!;
        const z = xyz[i * 3 + 2]!;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
        if (z < minZ) minZ = z;
        if (z > maxZ) maxZ = z;
        finest[(cell(z, lowZ, perUnit) * GRID_SIDE + cell(y, lowY, perUnit)) * GRID_SIDE + cell(x, lowX, perUnit)]!++;
      }
      if (intensity && !intensityRange) {
        for (let i = 0; i < count; i++) {
          const level = intensity[i]!;
          if (level < intensityLow) intensityLow = level;
          if (level > intensityHigh) intensityHigh = level;
        }
      }
      done += count;
      report(countFrom + ((placeFrom - countFrom) * done) / stated);
    });
    if (done === 0) throw new UnreadablePointCloudError(`The ${source.format} file holds no points.`);
    if (![minX, minY, minZ, maxX, maxY, maxZ].every(Number.isFinite)) {
      throw new UnreadablePointCloudError(`The ${source.format} file holds points whose coordinates are not numbers.`);
    }
    if (!intensityRange && intensityLow <= intensityHigh) intensityRange = [intensityLow, intensityHigh];
    total = done;
    conformed = [
      [minX, maxX],
      [minY, maxY],
      [minZ, maxZ],
    ];
    // A header's bounds are rounded decimals: a point a hair outside them still lands in an edge cell.
    const slack = side * 1e-9;
    const inside = [0, 1, 2].every(
      (axis) => conformed[axis]![0]! >= low[axis]! - slack && conformed[axis]![1]! <= low[axis]! + side + slack,
    );
    if (inside || attempt > 0) break;
    low = conformed.map(([min]) => min!);
    high = conformed.map(([, max]) => max!);
  }

  // Counts of every coarser level, summed from the finest: levels[d] has (2^d)³ cells.
  const levels: Float64Array[] = [];
  levels[EPT_GRID_LEVELS] = Float64Array.from(finest);
  finest.fill(0);
  for (let depth = EPT_GRID_LEVELS - 1; depth >= 0; depth--) {
    const sideHere = 1 << depth;
    const below = levels[depth + 1]!;
    const here = new Float64Array(sideHere ** 3);
    const sideBelow = sideHere * 2;
    for (let z = 0; z < sideBelow; z++)
      for (let y = 0; y < sideBelow; y++)
        for (let x = 0; x < sideBelow; x++) {
          here[((z >> 1) * sideHere + (y >> 1)) * sideHere + (x >> 1)]! += below[(z * sideBelow + y) * sideBelow + x]!;
        }
    levels[depth] = here;
  }

  // The tree's shape: nodes by level, as an id per cell (-1 where no node is).
  const nodes: TNode[] = [];
  const nodeAt: Int32Array[] = [];
  const target = Math.max(1, Math.floor(options.maxNodePoints / 2));
  for (let depth = 0; depth <= EPT_GRID_LEVELS; depth++) {
    const sideHere = 1 << depth;
    nodeAt[depth] = new Int32Array(sideHere ** 3).fill(-1);
    for (let z = 0; z < sideHere; z++)
      for (let y = 0; y < sideHere; y++)
        for (let x = 0; x < sideHere; x++) {
          const cell = (z * sideHere + y) * sideHere + x;
          const below = levels[depth]![cell]!;
          if (below === 0) continue;
          if (depth > 0) {
            const parent = nodeAt[depth - 1]![((z >> 1) * (sideHere >> 1) + (y >> 1)) * (sideHere >> 1) + (x >> 1)]!;
            if (parent < 0 || nodes[parent]!.leaf) continue;
          }
          const leaf = below <= options.maxNodePoints || depth === EPT_GRID_LEVELS;
          nodeAt[depth]![cell] = nodes.length;
          nodes.push({ depth, x, y, z, leaf, keepShare: leaf ? 1 : target / below, points: 0 });
        }
  }
  levels.length = 0;

  // Distribution pass: every point into one node, through bounded buffers.
  const cubeHigh = [0, 1, 2].map((axis) => low[axis]! + side);
  const grid = storageGrid(source, [...low], cubeHigh);
  const outRecord = recordLengthOf(source.hasColor);
  const bufferRecords = Math.max(
    64,
    Math.min(16_384, Math.floor(options.bufferBudgetBytes / Math.max(1, nodes.length) / outRecord)),
  );
  await mkdir(path.join(outDir, 'ept-data'), { recursive: true });
  await mkdir(path.join(outDir, 'ept-hierarchy'), { recursive: true });
  const append = async (node: TNode, bytes: Uint8Array) => {
    const file = await open(path.join(outDir, 'ept-data', `${keyOf(node)}.bin`), 'a');
    try {
      await file.write(bytes);
    } finally {
      await file.close();
    }
  };
  const [intensityLow, intensityHigh] = intensityRange ?? [0, 65_535];
  const plan: TPlacement = {
    outRecord,
    bufferBytes: bufferRecords * outRecord,
    hasColor: source.hasColor,
    low: low as [number, number, number],
    perUnit: GRID_SIDE / side,
    offset: grid.offset,
    inverseScale: grid.scale.map((step) => 1 / step) as [number, number, number],
    intensityLow,
    intensityPerUnit: intensityHigh > intensityLow ? 65_535 / (intensityHigh - intensityLow) : 0,
    nodeAt,
    // A node's share as one number: a leaf keeps everything (2 beats any sample in [0, 1)).
    keepShare: Float64Array.from(nodes, (node) => (node.leaf ? 2 : node.keepShare)),
    pointsOf: new Float64Array(nodes.length),
    buffered: new Array(nodes.length),
    bufferViews: new Array(nodes.length),
    used: new Int32Array(nodes.length),
    firstIndex: 0,
  };
  let placed = 0;
  await source.read(async (batch) => {
    plan.firstIndex = placed;
    // Full buffers reach their files before the next batch is read: memory stays bounded.
    for (const { id, bytes } of placeBatch(plan, batch)) await append(nodes[id]!, bytes);
    placed += batch.count;
    report(placeFrom + ((0.95 - placeFrom) * placed) / total);
  });
  if (placed !== total) {
    throw new UnreadablePointCloudError(
      `The ${source.format} file gave ${placed} points on one reading and ${total} on another.`,
    );
  }
  for (let id = 0; id < nodes.length; id++) {
    const bytes = plan.buffered[id];
    if (bytes) await append(nodes[id]!, bytes.subarray(0, plan.used[id]));
    nodes[id]!.points = plan.pointsOf[id]!;
  }

  // The hierarchy: every node that holds points, and every node on the way to one.
  const kept = new Set<number>();
  const hierarchy: Record<string, number> = {};
  let depthReached = 0;
  for (let id = nodes.length - 1; id >= 0; id--) {
    const node = nodes[id]!;
    if (node.points === 0 && !kept.has(id)) continue;
    kept.add(id);
    hierarchy[keyOf(node)] = node.points;
    depthReached = Math.max(depthReached, node.depth);
    if (node.depth > 0) {
      const parentSide = 1 << (node.depth - 1);
      kept.add(nodeAt[node.depth - 1]![((node.z >> 1) * parentSide + (node.y >> 1)) * parentSide + (node.x >> 1)]!);
    }
  }
  await writeFile(path.join(outDir, 'ept-hierarchy', '0-0-0-0.json'), JSON.stringify(hierarchy));

  const bounds = [...low, ...cubeHigh];
  const boundsConformed = [...conformed.map(([min]) => min!), ...conformed.map(([, max]) => max!)];
  const ept = {
    bounds,
    boundsConformed,
    dataType: 'binary',
    hierarchyType: 'json',
    points: total,
    schema: eptSchema(grid, source.hasColor),
    span: GRID_SIDE,
    srs: {},
    version: '1.1.0',
  };
  await writeFile(path.join(outDir, 'ept.json'), JSON.stringify(ept, null, 2));
  report(1);
  return { points: total, nodes: kept.size, depth: depthReached, bounds, boundsConformed };
}

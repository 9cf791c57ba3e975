import { createReadStream } from 'node:fs';
import { mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Turns a LAS file into an Entwine Point Tile tree (decision 226): `ept.json`, one hierarchy file
 * `ept-hierarchy/0-0-0-0.json` and one uncompressed binary file per node, `ept-data/D-X-Y-Z.bin`.
 *
 * The file is read twice and never held whole:
 * 1. a counting pass fills a grid of 128³ cells (16 MB of counts) from which every node's point
 *    count is known before any point is placed, so the tree's shape is decided up front;
 * 2. a distribution pass places each point in exactly one node: a node holding at most
 *    `maxNodePoints` below it is a leaf and keeps all of them; a larger node keeps an even random
 *    sample of about `maxNodePoints / 2` (a coarse view of everything under it) and passes the
 *    rest down. Each node's records gather in a small buffer flushed to its file, and the buffers
 *    together stay under `bufferBudgetBytes`, so memory does not grow with the file.
 *
 * Every point keeps its LAS integer coordinates with the LAS scale and offset (declared in the
 * schema), so nothing is rounded on the way.
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

type TLasSource = {
  pointFormat: number;
  recordLength: number;
  pointDataOffset: number;
  pointCount: number;
  scale: [number, number, number];
  offset: [number, number, number];
  hasColor: boolean;
  colorOffset: number;
};

/** Colour's place in a record by point format; formats without colour are absent. */
const COLOR_OFFSET: Record<number, number> = { 2: 20, 3: 28, 5: 28, 7: 30, 8: 30, 10: 30 };
const MIN_RECORD_LENGTH: Record<number, number> = {
  0: 20,
  1: 28,
  2: 26,
  3: 34,
  4: 57,
  5: 63,
  6: 30,
  7: 36,
  8: 38,
  9: 59,
  10: 67,
};

/** A file the converter cannot read: its message is shown to the provider. */
export class UnreadablePointCloudError extends Error {
  override name = 'UnreadablePointCloudError';
}

/** Reads the public header of a LAS file (ASPRS R15, table 3): what the conversion needs. */
function readLasSource(header: Buffer): TLasSource {
  if (header.toString('latin1', 0, 4) !== 'LASF') {
    throw new UnreadablePointCloudError('The file is not a LAS point cloud: it does not start with "LASF".');
  }
  if (header.length < 227) throw new UnreadablePointCloudError('The LAS header is cut short.');
  const versionMinor = header.readUInt8(25);
  const headerSize = header.readUInt16LE(94);
  const formatByte = header.readUInt8(104);
  const pointFormat = formatByte & 0x3f;
  if ((formatByte & 0xc0) !== 0) {
    throw new UnreadablePointCloudError('The file is compressed (LAZ); only uncompressed LAS is converted yet.');
  }
  const recordLength = header.readUInt16LE(105);
  const minimum = MIN_RECORD_LENGTH[pointFormat];
  if (minimum === undefined) throw new UnreadablePointCloudError(`Unknown LAS point format ${pointFormat}.`);
  if (recordLength < minimum) {
    throw new UnreadablePointCloudError(
      `LAS records of ${recordLength} bytes are too short for format ${pointFormat}.`,
    );
  }
  let pointCount = header.readUInt32LE(107);
  if (versionMinor >= 4 && headerSize >= 375 && header.length >= 255) {
    const wide = Number(header.readBigUInt64LE(247));
    if (wide > 0) pointCount = wide;
  }
  const f64 = (at: number) => header.readDoubleLE(at);
  const scale: [number, number, number] = [f64(131), f64(139), f64(147)];
  if (!scale.every((value) => Number.isFinite(value) && value > 0)) {
    throw new UnreadablePointCloudError('The LAS header states a scale that is not a positive number.');
  }
  const colorOffset = COLOR_OFFSET[pointFormat];
  return {
    pointFormat,
    recordLength,
    pointDataOffset: header.readUInt32LE(96),
    pointCount,
    scale,
    offset: [f64(155), f64(163), f64(171)],
    hasColor: colorOffset !== undefined,
    colorOffset: colorOffset ?? 0,
  };
}

/** Bytes of one EPT record: X, Y, Z (int32), Intensity (uint16), Classification (uint8), then RGB. */
function eptRecordLength(source: TLasSource) {
  return 15 + (source.hasColor ? 6 : 0);
}

/** The `schema` of ept.json for records written by `copyRecord`. */
function eptSchema(source: TLasSource) {
  const axes = ['X', 'Y', 'Z'] as const;
  return [
    ...axes.map((name, axis) => ({
      name,
      type: 'signed',
      size: 4,
      scale: source.scale[axis],
      offset: source.offset[axis],
    })),
    { name: 'Intensity', type: 'unsigned', size: 2 },
    { name: 'Classification', type: 'unsigned', size: 1 },
    ...(source.hasColor
      ? ['Red', 'Green', 'Blue'].map((name) => ({ name, type: 'unsigned', size: 2 }))
      : ([] as { name: string; type: string; size: number }[])),
  ];
}

/**
 * Streams the point records of the file in whole records, `onRecords(buffer, count)` per chunk;
 * an answer that is a promise is awaited before the next chunk is read.
 */
async function eachRecordChunk(
  file: string,
  source: TLasSource,
  onRecords: (chunk: Buffer, count: number) => void | Promise<void>,
) {
  const end = source.pointDataOffset + source.pointCount * source.recordLength - 1;
  const stream = createReadStream(file, { start: source.pointDataOffset, end, highWaterMark: 4 * 1024 * 1024 });
  let carry: Buffer | null = null;
  let seen = 0;
  for await (const piece of stream) {
    const chunk: Buffer = carry ? Buffer.concat([carry, piece as Buffer]) : (piece as Buffer);
    const whole = Math.floor(chunk.length / source.recordLength);
    if (whole > 0) await onRecords(chunk, whole);
    seen += whole;
    const rest = chunk.length - whole * source.recordLength;
    carry = rest > 0 ? Buffer.from(chunk.subarray(chunk.length - rest)) : null;
  }
  if (seen !== source.pointCount) {
    throw new UnreadablePointCloudError(
      `The LAS header states ${source.pointCount} points, but the file holds ${seen}.`,
    );
  }
}

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

/** The finest cell along one axis of a stored coordinate. */
function cell(value: number, from: number, perUnit: number) {
  const at = Math.floor((value - from) * perUnit);
  return at < 0 ? 0 : at >= GRID_SIDE ? GRID_SIDE - 1 : at;
}

/** What the distribution pass needs, in flat arrays: the hot loop reads nothing else. */
type TPlacement = {
  recordLength: number;
  outRecord: number;
  bufferBytes: number;
  classificationAt: number;
  classificationMask: number;
  /** Where RGB starts in a LAS record, or -1 without colour. */
  colorOffset: number;
  low: [number, number, number];
  perUnit: number;
  nodeAt: Int32Array[];
  keepShare: Float64Array;
  pointsOf: Float64Array;
  buffered: (Uint8Array | undefined)[];
  bufferViews: (DataView | undefined)[];
  used: Int32Array;
  /** The index in the file of the chunk's first point. */
  firstIndex: number;
};

/**
 * Places `count` LAS records of `chunk` into their nodes' buffers; answers the buffers that
 * filled meanwhile (their nodes start new ones), for the caller to write.
 */
function placeRecords(plan: TPlacement, chunk: Buffer, count: number): { id: number; bytes: Uint8Array }[] {
  const { recordLength, outRecord, bufferBytes, classificationAt, classificationMask, colorOffset, perUnit } = plan;
  const { nodeAt, keepShare, pointsOf, buffered, bufferViews, used } = plan;
  const [lowX, lowY, lowZ] = plan.low;
  const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.length);
  const full: { id: number; bytes: Uint8Array }[] = [];
  for (let i = 0, at = 0; i < count; i++, at += recordLength) {
    const ix = view.getInt32(at, true);
    const iy = view.getInt32(at + 4, true);
    const iz = view.getInt32(at + 8, true);
    const cx = cell(ix, lowX, perUnit);
    const cy = cell(iy, lowY, perUnit);
    const cz = cell(iz, lowZ, perUnit);
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
    out.setInt32(to, ix, true);
    out.setInt32(to + 4, iy, true);
    out.setInt32(to + 8, iz, true);
    out.setUint16(to + 12, view.getUint16(at + 12, true), true);
    out.setUint8(to + 14, view.getUint8(at + classificationAt) & classificationMask);
    if (colorOffset >= 0) {
      out.setUint32(to + 15, view.getUint32(at + colorOffset, true), true);
      out.setUint16(to + 19, view.getUint16(at + colorOffset + 4, true), true);
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

/** Converts the LAS file at `input` into an EPT tree in `outDir` (created); resolves with its facts. */
export async function convertLasToEpt(
  input: string,
  outDir: string,
  options: TEptOptions = DEFAULT_EPT_OPTIONS,
): Promise<TEptSummary> {
  const handle = await open(input, 'r');
  const headerBytes = Buffer.alloc(375);
  const { bytesRead } = await handle.read(headerBytes, 0, 375, 0);
  await handle.close();
  const source = readLasSource(headerBytes.subarray(0, bytesRead));
  const { scale, offset, recordLength } = source;
  const headerMin = [187, 203, 219].map((at) => headerBytes.readDoubleLE(at));
  const headerMax = [179, 195, 211].map((at) => headerBytes.readDoubleLE(at));
  let conformed: number[][] = [];
  const report = options.onProgress ?? (() => {});
  const total = source.pointCount;

  if (total === 0) throw new UnreadablePointCloudError('The LAS file holds no points.');

  // Counting pass: points per finest cell of the tree's cube. The cube starts from the header's
  // bounds; a header whose bounds leave points out (stale) costs one more pass with the real ones.
  const low = [0, 1, 2].map((axis) => Math.floor((headerMin[axis]! - offset[axis]!) / scale[axis]!));
  const high = [0, 1, 2].map((axis) => Math.ceil((headerMax[axis]! - offset[axis]!) / scale[axis]!));
  let side = 0;
  const finest = new Uint32Array(GRID_SIDE ** 3);
  for (let attempt = 0; ; attempt++) {
    side = Math.max(high[0]! - low[0]!, high[1]! - low[1]!, high[2]! - low[2]!) + 1;
    const seenLow = [Infinity, Infinity, Infinity];
    const seenHigh = [-Infinity, -Infinity, -Infinity];
    finest.fill(0);
    let done = 0;
    const [lowX, lowY, lowZ] = low as [number, number, number];
    const perUnit = GRID_SIDE / side;
    let [minX, minY, minZ] = seenLow as [number, number, number];
    let [maxX, maxY, maxZ] = seenHigh as [number, number, number];
    await eachRecordChunk(input, source, (chunk, count) => {
      const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.length);
      for (let i = 0, at = 0; i < count; i++, at += recordLength) {
        const ix = view.getInt32(at, true);
        const iy = view.getInt32(at + 4, true);
        const iz = view.getInt32(at + 8, true);
        if (ix < minX) minX = ix;
        if (ix > maxX) maxX = ix;
        if (iy < minY) minY = iy;
        if (iy > maxY) maxY = iy;
        if (iz < minZ) minZ = iz;
        if (iz > maxZ) maxZ = iz;
        finest[
          (cell(iz, lowZ, perUnit) * GRID_SIDE + cell(iy, lowY, perUnit)) * GRID_SIDE + cell(ix, lowX, perUnit)
        ]!++;
      }
      done += count;
      report((0.4 * done) / total);
    });
    seenLow.splice(0, 3, minX, minY, minZ);
    seenHigh.splice(0, 3, maxX, maxY, maxZ);
    const inside = [0, 1, 2].every((axis) => seenLow[axis]! >= low[axis]! && seenHigh[axis]! <= high[axis]!);
    conformed = [0, 1, 2].map((axis) => [seenLow[axis]!, seenHigh[axis]!]);
    if (inside || attempt > 0) break;
    for (let axis = 0; axis < 3; axis++) {
      low[axis] = seenLow[axis]!;
      high[axis] = seenHigh[axis]!;
    }
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

  // Pass 3: every point into one node, through bounded buffers.
  const outRecord = eptRecordLength(source);
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
  const plan: TPlacement = {
    recordLength,
    outRecord,
    bufferBytes: bufferRecords * outRecord,
    classificationAt: source.pointFormat >= 6 ? 16 : 15,
    classificationMask: source.pointFormat >= 6 ? 0xff : 0x1f,
    colorOffset: source.hasColor ? source.colorOffset : -1,
    low: low as [number, number, number],
    perUnit: GRID_SIDE / side,
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
  await eachRecordChunk(input, source, async (chunk, count) => {
    plan.firstIndex = placed;
    // Full buffers reach their files before the next chunk is read: memory stays bounded.
    for (const { id, bytes } of placeRecords(plan, chunk, count)) await append(nodes[id]!, bytes);
    placed += count;
    report(0.4 + (0.55 * placed) / total);
  });
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

  const toWorld = (value: number, axis: number) => value * scale[axis]! + offset[axis]!;
  const cubeHigh = [0, 1, 2].map((axis) => low[axis]! + side);
  const bounds = [...low.map(toWorld), ...cubeHigh.map(toWorld)];
  const boundsConformed = [
    ...conformed.map(([min], axis) => toWorld(min!, axis)),
    ...conformed.map(([, max], axis) => toWorld(max!, axis)),
  ];
  const ept = {
    bounds,
    boundsConformed,
    dataType: 'binary',
    hierarchyType: 'json',
    points: total,
    schema: eptSchema(source),
    span: GRID_SIDE,
    srs: {},
    version: '1.1.0',
  };
  await writeFile(path.join(outDir, 'ept.json'), JSON.stringify(ept, null, 2));
  report(1);
  return { points: total, nodes: kept.size, depth: depthReached, bounds, boundsConformed };
}

import type { TPlyScalar } from '../lib/ply-header.ts';
import type { TPointLayout } from '../lib/point-decoder.ts';

/**
 * An Entwine Point Tile tree as the viewer needs it (EPT 1.1, decision 226): what `ept.json` says
 * (the cube, the cloud's own bounds, how a node's records are laid out) and every node of the
 * hierarchy with its bounds and point count. Pure: the worker builds it, the page's traversal
 * (select-nodes.ts) reads it.
 */

export type TVec3 = [number, number, number];

export type TEptInfo = {
  /** The tree's cube, in the file's coordinates. */
  cube: { min: TVec3; max: TVec3 };
  /** The cloud's real extent, inside the cube. */
  conformed: { min: TVec3; max: TVec3 };
  points: number;
  dataType: string;
  layout: TPointLayout;
};

export type TEptNode = {
  key: string;
  depth: number;
  points: number;
  /** The node's cube cut to the cloud's real extent: tighter for the view test and its size. */
  min: TVec3;
  max: TVec3;
  children: string[];
};

export type TEptTree = { info: TEptInfo; nodes: Map<string, TEptNode>; root: string };

/** The data types this viewer decodes: the tree writer writes `binary` (decision 226). */
export const DECODED_DATA_TYPES = ['binary'] as const;

const SCALAR: Record<string, Record<number, TPlyScalar>> = {
  signed: { 1: 'int8', 2: 'int16', 4: 'int32' },
  unsigned: { 1: 'uint8', 2: 'uint16', 4: 'uint32' },
  float: { 4: 'float32', 8: 'float64' },
};

type TSchemaEntry = { name: string; type: string; size: number; scale?: number; offset?: number };

function isVec6(value: unknown): value is number[] {
  return Array.isArray(value) && value.length === 6 && value.every((entry) => Number.isFinite(entry));
}

/** Reads ept.json; throws with a reason for anything that is not a tree this viewer can draw. */
export function parseEptInfo(json: unknown): TEptInfo {
  const ept = json as {
    bounds?: unknown;
    boundsConformed?: unknown;
    points?: unknown;
    dataType?: unknown;
    schema?: unknown;
  };
  if (!ept || typeof ept !== 'object' || !isVec6(ept.bounds) || !Array.isArray(ept.schema)) {
    throw new Error('The streaming tree is not a valid EPT ept.json.');
  }
  const bounds = ept.bounds;
  const conformed = isVec6(ept.boundsConformed) ? ept.boundsConformed : bounds;
  const dataType = typeof ept.dataType === 'string' ? ept.dataType : '';
  const schema = ept.schema as TSchemaEntry[];
  let at = 0;
  const fields = new Map<string, { offset: number; type: TPlyScalar; scale: number; offset0: number }>();
  for (const entry of schema) {
    const type = SCALAR[entry.type]?.[entry.size];
    if (!type || typeof entry.name !== 'string') throw new Error('The streaming tree has a dimension it cannot read.');
    fields.set(entry.name, { offset: at, type, scale: entry.scale ?? 1, offset0: entry.offset ?? 0 });
    at += entry.size;
  }
  const x = fields.get('X');
  const y = fields.get('Y');
  const z = fields.get('Z');
  if (!x || !y || !z) throw new Error('The streaming tree has no X, Y and Z.');
  const red = fields.get('Red');
  const green = fields.get('Green');
  const blue = fields.get('Blue');
  const field = (entry: { offset: number; type: TPlyScalar }) => ({ offset: entry.offset, type: entry.type });
  return {
    cube: { min: bounds.slice(0, 3) as TVec3, max: bounds.slice(3, 6) as TVec3 },
    conformed: { min: conformed.slice(0, 3) as TVec3, max: conformed.slice(3, 6) as TVec3 },
    points: typeof ept.points === 'number' ? ept.points : 0,
    dataType,
    layout: {
      recordLength: at,
      littleEndian: true,
      fields: [field(x), field(y), field(z)],
      scale: [x.scale, y.scale, z.scale],
      offset: [x.offset0, y.offset0, z.offset0],
      color:
        red && green && blue ? { fields: [field(red), field(green), field(blue)], wide: red.type === 'uint16' } : null,
    },
  };
}

const KEY = /^(\d+)-(\d+)-(\d+)-(\d+)$/;

export function parseKey(key: string): [number, number, number, number] | null {
  const match = KEY.exec(key);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])] : null;
}

/** The cube of node D-X-Y-Z: the tree's cube halved D times. */
export function nodeCube(info: TEptInfo, key: string): { min: TVec3; max: TVec3 } {
  const [depth, ...place] = parseKey(key) ?? [0, 0, 0, 0];
  const min = [0, 0, 0] as TVec3;
  const max = [0, 0, 0] as TVec3;
  for (let axis = 0; axis < 3; axis += 1) {
    const side = (info.cube.max[axis]! - info.cube.min[axis]!) / 2 ** depth;
    min[axis] = info.cube.min[axis]! + place[axis]! * side;
    max[axis] = min[axis]! + side;
  }
  return { min, max };
}

/**
 * Every node of the hierarchy (key → point count, as in `ept-hierarchy/*.json`; counts of -1,
 * which point to another hierarchy file, are resolved by the caller first), linked to its
 * children, each with its cube cut to the cloud's extent.
 */
export function buildTree(info: TEptInfo, hierarchy: Record<string, number>): TEptTree {
  const nodes = new Map<string, TEptNode>();
  for (const [key, points] of Object.entries(hierarchy)) {
    const parsed = parseKey(key);
    if (!parsed || !Number.isFinite(points) || points < 0) continue;
    const cube = nodeCube(info, key);
    const min = cube.min.map((value, axis) => Math.max(value, info.conformed.min[axis]!)) as TVec3;
    const max = cube.max.map((value, axis) => Math.min(value, info.conformed.max[axis]!)) as TVec3;
    nodes.set(key, { key, depth: parsed[0], points, min, max, children: [] });
  }
  for (const node of nodes.values()) {
    const [depth, x, y, z] = parseKey(node.key)!;
    if (depth === 0) continue;
    nodes.get(`${depth - 1}-${x >> 1}-${y >> 1}-${z >> 1}`)?.children.push(node.key);
  }
  if (!nodes.has('0-0-0-0')) throw new Error('The streaming tree has no root node.');
  return { info, nodes, root: '0-0-0-0' };
}

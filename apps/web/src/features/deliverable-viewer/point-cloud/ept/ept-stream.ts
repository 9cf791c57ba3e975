import type { TEptRequest } from './ept-source.ts';
import type { TEptTree, TVec3 } from './ept-tree.ts';
import { NodeCache } from './node-cache.ts';
import { DEFAULT_MIN_NODE_PIXELS, selectNodes, type TViewState } from './select-nodes.ts';

/**
 * The page's side of streaming a tree: after each camera move it asks select-nodes.ts which nodes
 * to hold, drops the ones no longer wanted (their GPU buffers freed at once, and requests still in
 * flight cancelled), and asks the worker for the missing ones, most important first, a few at a
 * time. A node that arrives after it stopped being wanted is dropped. Everything held is wanted,
 * and what is wanted fits the budget, so memory stays bounded whatever the file's size.
 */

export type TTreeScene<THandle> = {
  addNode(positions: Float32Array, colors: Uint8Array | null): THandle;
  removeNode(handle: THandle): void;
  /** The camera now, or null before the canvas has a size. */
  viewState(): TViewState | null;
  /** The held nodes, most important first: what a frame drawn in a hurry draws first. */
  setDrawOrder?(handles: THandle[]): void;
};

export type TStreamStats = {
  pointsLoaded: number;
  nodesLoaded: number;
  inFlight: number;
  /** Every wanted node is held (or failed): nothing more will load until the view or budget changes. */
  idle: boolean;
  budgetReached: boolean;
};

export type TStreamOptions = {
  budget: number;
  minNodePixels?: number;
  maxInFlight?: number;
  /** Bytes of dropped nodes kept for a return (DROPPED_CACHE_BYTES). */
  cacheBytes?: number;
};

/** Requests in flight at once: enough to hide latency, few enough that priority order holds. */
export const MAX_IN_FLIGHT = 4;
/** Dropped nodes kept: 64 MB is about 4 M points with colour, under a desktop's budget again. */
export const DROPPED_CACHE_BYTES = 64 * 1024 * 1024;

type TNodePoints = { positions: Float32Array; colors: Uint8Array | null };
type THeld<THandle> = TNodePoints & { handle: THandle; points: number };

const bytesOf = (node: TNodePoints) => node.positions.byteLength + (node.colors?.byteLength ?? 0);

export class EptStream<THandle> {
  private readonly held = new Map<string, THeld<THandle>>();
  private readonly inFlight = new Set<string>();
  private readonly failed = new Set<string>();
  private wanted: string[] = [];
  private wantedSet = new Set<string>();
  private budgetReached = false;
  private budget: number;
  private disposed = false;
  private readonly dropped: NodeCache<TNodePoints>;
  /** Points of each node inside the box last asked about (pointsWithin). */
  private counted: { box: string; byNode: WeakMap<Float32Array, number> } | null = null;

  constructor(
    private readonly tree: TEptTree,
    private readonly origin: TVec3,
    private readonly send: (request: TEptRequest) => void,
    private readonly scene: TTreeScene<THandle>,
    private readonly options: TStreamOptions,
    private readonly onStats: (stats: TStreamStats) => void,
  ) {
    this.budget = options.budget;
    this.dropped = new NodeCache(options.cacheBytes ?? DROPPED_CACHE_BYTES, bytesOf);
  }

  /** The camera moved (or the canvas changed size): choose again, drop, and ask for more. */
  refresh() {
    if (this.disposed) return;
    const view = this.scene.viewState();
    if (!view) return;
    const selection = selectNodes(this.tree, view, {
      budget: this.budget,
      minNodePixels: this.options.minNodePixels ?? DEFAULT_MIN_NODE_PIXELS,
      origin: this.origin,
    });
    this.wanted = selection.keys;
    this.wantedSet = new Set(selection.keys);
    this.budgetReached = selection.budgetReached;
    for (const [key, held] of this.held) {
      if (this.wantedSet.has(key)) continue;
      this.scene.removeNode(held.handle);
      this.held.delete(key);
      this.dropped.put(key, { positions: held.positions, colors: held.colors });
    }
    for (const key of this.inFlight) {
      if (this.wantedSet.has(key)) continue;
      this.send({ type: 'cancel', key });
      this.inFlight.delete(key);
    }
    this.fill();
  }

  setBudget(budget: number) {
    this.budget = budget;
    this.refresh();
  }

  /** A node's points from the worker: drawn if wanted, else kept for later. */
  receive(key: string, positions: Float32Array, colors: Uint8Array | null) {
    this.inFlight.delete(key);
    if (this.disposed) return;
    if (this.wantedSet.has(key) && !this.held.has(key)) this.hold(key, { positions, colors });
    else if (!this.held.has(key)) this.dropped.put(key, { positions, colors });
    this.fill();
  }

  /** A node that came before it was asked for (the worker sends the root at once): used when wanted. */
  keep(key: string, positions: Float32Array, colors: Uint8Array | null) {
    if (!this.disposed && !this.held.has(key)) this.dropped.put(key, { positions, colors });
  }

  /** Bytes of dropped nodes kept for a return. */
  cachedBytes() {
    return this.dropped.bytes;
  }

  /** A node the worker could not fetch or decode: not asked again while this view is open. */
  fail(key: string) {
    this.inFlight.delete(key);
    this.failed.add(key);
    this.fill();
  }

  stats(): TStreamStats {
    let pointsLoaded = 0;
    for (const held of this.held.values()) pointsLoaded += held.points;
    const missing = this.wanted.some((key) => !this.held.has(key) && !this.failed.has(key));
    return {
      pointsLoaded,
      nodesLoaded: this.held.size,
      inFlight: this.inFlight.size,
      idle: !missing && this.inFlight.size === 0,
      budgetReached: this.budgetReached,
    };
  }

  /** Points held inside a box of the file's coordinates (read by tests and the bench). */
  pointsWithin(min: TVec3, max: TVec3): number {
    const low = min.map((value, axis) => value - this.origin[axis]!);
    const high = max.map((value, axis) => value - this.origin[axis]!);
    // Asked again and again for one box while a view loads: each node is counted once per box.
    const box = `${low.join(',')} ${high.join(',')}`;
    if (this.counted?.box !== box) this.counted = { box, byNode: new WeakMap() };
    const byNode = this.counted.byNode;
    let count = 0;
    for (const { positions } of this.held.values()) {
      let inBox = byNode.get(positions);
      if (inBox === undefined) {
        inBox = 0;
        for (let at = 0; at < positions.length; at += 3) {
          const x = positions[at]!;
          const y = positions[at + 1]!;
          const z = positions[at + 2]!;
          if (x >= low[0]! && x <= high[0]! && y >= low[1]! && y <= high[1]! && z >= low[2]! && z <= high[2]!) {
            inBox += 1;
          }
        }
        byNode.set(positions, inBox);
      }
      count += inBox;
    }
    return count;
  }

  dispose() {
    this.disposed = true;
    for (const key of this.inFlight) this.send({ type: 'cancel', key });
    this.inFlight.clear();
    for (const held of this.held.values()) this.scene.removeNode(held.handle);
    this.held.clear();
    this.dropped.clear();
  }

  private hold(key: string, node: TNodePoints) {
    const handle = this.scene.addNode(node.positions, node.colors);
    this.held.set(key, { ...node, handle, points: node.positions.length / 3 });
  }

  /** Holds what the cache has of the view at once, and asks for the rest in priority order. */
  private fill() {
    if (this.disposed) return;
    const limit = this.options.maxInFlight ?? MAX_IN_FLIGHT;
    let asking = true;
    for (const key of this.wanted) {
      if (this.held.has(key) || this.inFlight.has(key) || this.failed.has(key)) continue;
      const kept = this.dropped.take(key);
      if (kept) {
        this.hold(key, kept);
        continue;
      }
      if (!asking || this.inFlight.size >= limit) {
        asking = false;
        continue;
      }
      this.inFlight.add(key);
      this.send({ type: 'load', key });
    }
    if (this.scene.setDrawOrder) {
      const order: THandle[] = [];
      for (const key of this.wanted) {
        const held = this.held.get(key);
        if (held) order.push(held.handle);
      }
      this.scene.setDrawOrder(order);
    }
    this.onStats(this.stats());
  }
}

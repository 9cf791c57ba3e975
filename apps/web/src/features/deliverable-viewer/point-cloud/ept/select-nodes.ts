import type { TEptNode, TEptTree, TVec3 } from './ept-tree.ts';

/**
 * Which nodes of the tree the viewer holds for one camera: those the camera sees, coarse and near
 * first, within the point budget. Pure, so it is tested without a browser.
 *
 * A walk from the root with a priority queue ordered by each node's size on screen (the radius of
 * its box, projected, in pixels): a node is taken when it is in the view frustum and large enough
 * to add detail (`minNodePixels`), and only then are its children queued. A parent is therefore
 * always taken before its children, and the coarse view of everything in sight comes before the
 * detail of any part of it. The walk stops at the first node that would pass the budget, so the
 * points held never exceed it whatever the file's size.
 */

/** A plane as (normal, constant): a point p is on its inner side when normal·p + constant ≥ 0. */
export type TPlane = [number, number, number, number];

export type TViewState = {
  /** The six planes of the view frustum, in the tree's coordinates less the origin. */
  planes: readonly TPlane[];
  /** The camera's position, in the same coordinates. */
  eye: TVec3;
  /** Pixels per unit of size at unit distance: (canvas height / 2) / tan(vertical fov / 2). */
  projection: number;
};

export type TSelectOptions = {
  budget: number;
  /** A node whose box is projected smaller than this radius (px) adds no visible detail. */
  minNodePixels: number;
  /** Subtracted from node bounds (the scene works relative to this point). */
  origin: TVec3;
};

export type TSelection = {
  /** Keys in load order: most important first, each after its parent. */
  keys: string[];
  points: number;
  /** True when the budget, not the view, stopped the walk. */
  budgetReached: boolean;
};

/** Radius that fills half a 480-pixel view is 240 px: a 50,000-point node spaces its points ~1 px apart at ~100 px. */
export const DEFAULT_MIN_NODE_PIXELS = 100;

export function boxInFrustum(min: TVec3, max: TVec3, planes: readonly TPlane[]): boolean {
  for (const [nx, ny, nz, constant] of planes) {
    // The box corner farthest along the plane's normal: if even it is outside, the whole box is.
    const px = nx >= 0 ? max[0] : min[0];
    const py = ny >= 0 ? max[1] : min[1];
    const pz = nz >= 0 ? max[2] : min[2];
    if (nx * px + ny * py + nz * pz + constant < 0) return false;
  }
  return true;
}

/** The box's bounding sphere projected on screen, in pixels (Infinity when the camera is inside it). */
export function projectedRadius(min: TVec3, max: TVec3, view: Pick<TViewState, 'eye' | 'projection'>): number {
  const half = [(max[0] - min[0]) / 2, (max[1] - min[1]) / 2, (max[2] - min[2]) / 2];
  const radius = Math.hypot(half[0]!, half[1]!, half[2]!);
  const distance = Math.hypot(
    min[0] + half[0]! - view.eye[0],
    min[1] + half[1]! - view.eye[1],
    min[2] + half[2]! - view.eye[2],
  );
  if (distance <= radius) return Number.POSITIVE_INFINITY;
  return (radius / distance) * view.projection;
}

/** A binary max-heap of nodes by priority. */
class NodeQueue {
  private readonly items: { node: TEptNode; priority: number }[] = [];
  get size() {
    return this.items.length;
  }
  push(node: TEptNode, priority: number) {
    const items = this.items;
    items.push({ node, priority });
    let at = items.length - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (items[parent]!.priority >= items[at]!.priority) break;
      [items[parent], items[at]] = [items[at]!, items[parent]!];
      at = parent;
    }
  }
  pop() {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      let at = 0;
      for (;;) {
        const left = at * 2 + 1;
        const right = left + 1;
        let largest = at;
        if (left < items.length && items[left]!.priority > items[largest]!.priority) largest = left;
        if (right < items.length && items[right]!.priority > items[largest]!.priority) largest = right;
        if (largest === at) break;
        [items[largest], items[at]] = [items[at]!, items[largest]!];
        at = largest;
      }
    }
    return top;
  }
}

export function selectNodes(tree: TEptTree, view: TViewState, options: TSelectOptions): TSelection {
  const keys: string[] = [];
  let points = 0;
  let budgetReached = false;
  const [ox, oy, oz] = options.origin;
  const relative = (node: TEptNode): [TVec3, TVec3] => [
    [node.min[0] - ox, node.min[1] - oy, node.min[2] - oz],
    [node.max[0] - ox, node.max[1] - oy, node.max[2] - oz],
  ];
  const queue = new NodeQueue();
  const root = tree.nodes.get(tree.root);
  if (!root) return { keys, points, budgetReached };
  queue.push(root, Number.POSITIVE_INFINITY);
  while (queue.size > 0) {
    const { node } = queue.pop()!;
    if (points + node.points > options.budget) {
      budgetReached = true;
      break;
    }
    keys.push(node.key);
    points += node.points;
    for (const childKey of node.children) {
      const child = tree.nodes.get(childKey);
      if (!child) continue;
      const [min, max] = relative(child);
      if (!boxInFrustum(min, max, view.planes)) continue;
      const size = projectedRadius(min, max, view);
      if (size < options.minNodePixels) continue;
      queue.push(child, size);
    }
  }
  return { keys, points, budgetReached };
}

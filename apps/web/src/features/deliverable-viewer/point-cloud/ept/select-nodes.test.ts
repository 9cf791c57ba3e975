import { describe, expect, it } from 'vitest';
import { flatTree, viewFrom } from '../test/ept-trees.ts';
import { boxInFrustum, DEFAULT_MIN_NODE_PIXELS, projectedRadius, selectNodes } from './select-nodes.ts';

const ORIGIN: [number, number, number] = [0, 0, 0];
const options = (budget = 1_000_000) => ({ budget, minNodePixels: DEFAULT_MIN_NODE_PIXELS, origin: ORIGIN });
/** The whole cloud in view, from the scene's fitted direction. */
const FULL_VIEW = viewFrom([50 + 80, 50 - 96, 80], [50, 50, 5]);
/** Close over the corner at x, y < 25. */
const CORNER_VIEW = viewFrom([12, -10, 25], [12, 12, 2]);

describe('boxInFrustum and projectedRadius', () => {
  it('tells a box in front of the camera from one behind it, and nearer boxes are larger', () => {
    const view = viewFrom([0, -50, 0], [0, 0, 0]);
    expect(boxInFrustum([-1, -1, -1], [1, 1, 1], view.planes)).toBe(true);
    expect(boxInFrustum([-1, -80, -1], [1, -60, 1], view.planes)).toBe(false);
    const near = projectedRadius([-1, -31, -1], [1, -29, 1], view);
    const far = projectedRadius([-1, 29, -1], [1, 31, 1], view);
    expect(near).toBeGreaterThan(far * 2);
    expect(projectedRadius([-1, -51, -1], [1, -49, 1], view)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('selectNodes', () => {
  it('in the full view takes the coarse levels of everything and stops where nodes get too small to add detail', () => {
    const tree = flatTree(3);
    const selection = selectNodes(tree, FULL_VIEW, options());
    const depths = selection.keys.map((key) => Number(key.split('-')[0]));
    expect(selection.keys[0]).toBe('0-0-0-0');
    expect(depths.filter((depth) => depth === 1)).toHaveLength(4);
    // The finest level is never reached from this far.
    expect(depths).not.toContain(3);
    expect(selection.budgetReached).toBe(false);
  });

  it('close to a corner takes the fine nodes there, skips the ones out of view, and loads each after its parent', () => {
    const tree = flatTree(3);
    const selection = selectNodes(tree, CORNER_VIEW, options());
    const fine = selection.keys.filter((key) => key.startsWith('3-'));
    expect(fine).toContain('3-0-0-0');
    // Nothing of the far corner (x, y ≥ 75) at the finest level: it is behind or beside the camera's view.
    expect(fine.filter((key) => key === '3-7-7-0')).toEqual([]);
    const full = selectNodes(tree, FULL_VIEW, options());
    expect(selection.keys.length).toBeGreaterThan(full.keys.length);
    for (const [index, key] of selection.keys.entries()) {
      const [depth, x, y, z] = key.split('-').map(Number) as [number, number, number, number];
      if (depth === 0) continue;
      const parent = `${depth - 1}-${x >> 1}-${y >> 1}-${z >> 1}`;
      expect(selection.keys.indexOf(parent)).toBeLessThan(index);
    }
  });

  it('takes the nearer of two siblings first', () => {
    const tree = flatTree(1);
    const selection = selectNodes(tree, viewFrom([12, -40, 30], [50, 50, 0]), options());
    // 1-0-0-0 holds the corner nearest the camera; 1-1-1-0 the farthest.
    expect(selection.keys.indexOf('1-0-0-0')).toBeLessThan(selection.keys.indexOf('1-1-1-0'));
  });

  it('never holds more than the budget, however much is in view', () => {
    const tree = flatTree(3, 10_000);
    const selection = selectNodes(tree, CORNER_VIEW, options(45_000));
    expect(selection.points).toBeLessThanOrEqual(45_000);
    expect(selection.keys).toHaveLength(4);
    expect(selection.budgetReached).toBe(true);
  });
});

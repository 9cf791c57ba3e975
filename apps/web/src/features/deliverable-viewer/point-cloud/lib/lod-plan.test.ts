import { describe, expect, it } from 'vitest';
import { bitReversedOrder, formatPointCount, planPointFetches, type TPointFetch } from './lod-plan.ts';

/** The runs of a plan in file order, checked not to overlap; returns how many points they hold. */
function countWithoutOverlap(plan: TPointFetch[]): number {
  const runs = [...plan].sort((a, b) => a.firstPoint - b.firstPoint);
  runs.forEach((run, index) => {
    const previous = runs[index - 1];
    if (previous) expect(run.firstPoint).toBeGreaterThanOrEqual(previous.firstPoint + previous.count);
  });
  return runs.reduce((sum, run) => sum + run.count, 0);
}

describe('bitReversedOrder', () => {
  it('visits every index once, each prefix spread over the range', () => {
    expect(bitReversedOrder(8)).toEqual([0, 4, 2, 6, 1, 5, 3, 7]);
    expect(bitReversedOrder(5)).toEqual([0, 4, 2, 1, 3]);
    expect(bitReversedOrder(1)).toEqual([0]);
    expect(bitReversedOrder(0)).toEqual([]);
    expect([...bitReversedOrder(1000)].sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
  });
});

describe('planPointFetches', () => {
  const fileOf = { recordLength: 26, dataOffset: 227 };

  it('reads a small file in one request', () => {
    expect(planPointFetches({ ...fileOf, pointCount: 1000, budget: 4_000_000 })).toEqual([
      { firstPoint: 0, count: 1000, start: 227, end: 227 + 1000 * 26 - 1, pass: 1 },
    ]);
  });

  it('fetches every point exactly once when the file fits the budget, coarse pass first', () => {
    const pointCount = 5_000_000;
    const plan = planPointFetches({ ...fileOf, pointCount, budget: pointCount });
    // No overlap and the full count: every point exactly once.
    expect(countWithoutOverlap(plan)).toBe(pointCount);
    const firstRefinement = plan.findIndex((fetch) => fetch.pass === 1);
    expect(plan.slice(firstRefinement).every((fetch) => fetch.pass === 1)).toBe(true);
    // The coarse pass is about 1/16 of the points, in small requests: the first frame comes quickly.
    const coarse = plan.slice(0, firstRefinement).reduce((sum, fetch) => sum + fetch.count, 0);
    expect(coarse / pointCount).toBeGreaterThan(0.05);
    expect(coarse / pointCount).toBeLessThan(0.08);
    for (const fetch of plan) {
      expect(fetch.start).toBe(227 + fetch.firstPoint * 26);
      expect(fetch.end - fetch.start + 1).toBe(fetch.count * 26);
      expect(fetch.end - fetch.start + 1).toBeLessThanOrEqual(1 << 20);
    }
  });

  it('spreads the first requests over the whole file', () => {
    const pointCount = 5_000_000;
    const plan = planPointFetches({ ...fileOf, pointCount, budget: pointCount });
    const quarters = new Set(plan.slice(0, 4).map((fetch) => Math.floor((fetch.firstPoint / pointCount) * 4)));
    expect(quarters).toEqual(new Set([0, 1, 2, 3]));
  });

  it('stops at the budget and never reads the rest of a larger file', () => {
    const pointCount = 50_000_000;
    const budget = 4_000_000;
    const plan = planPointFetches({ ...fileOf, pointCount, budget });
    expect(countWithoutOverlap(plan)).toBe(budget);
    const bytes = plan.reduce((sum, fetch) => sum + (fetch.end - fetch.start + 1), 0);
    expect(bytes).toBe(budget * 26);
    // What is loaded still spans the file: its first and last tenth both contribute points.
    expect(plan.some((fetch) => fetch.firstPoint < pointCount / 10)).toBe(true);
    expect(plan.some((fetch) => fetch.firstPoint > (pointCount * 9) / 10)).toBe(true);
  });

  it('plans nothing for an empty file', () => {
    expect(planPointFetches({ ...fileOf, pointCount: 0, budget: 10 })).toEqual([]);
  });
});

describe('formatPointCount', () => {
  it('reads as the status line shows it', () => {
    expect(formatPointCount(5_000_000)).toBe('5.0 M');
    expect(formatPointCount(1_234_567)).toBe('1.2 M');
    expect(formatPointCount(850_400)).toBe('850 k');
    expect(formatPointCount(930)).toBe('930');
  });
});

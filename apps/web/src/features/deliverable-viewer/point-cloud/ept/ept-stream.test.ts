import { describe, expect, it } from 'vitest';
import { flatTree, viewFrom } from '../test/ept-trees.ts';
import type { TEptRequest } from './ept-source.ts';
import { EptStream, MAX_IN_FLIGHT, type TStreamStats } from './ept-stream.ts';
import type { TViewState } from './select-nodes.ts';

const FULL_VIEW = viewFrom([130, -46, 80], [50, 50, 5]);
const CORNER_VIEW = viewFrom([12, -10, 25], [12, 12, 2]);

/** 1,000 points spread evenly over a node's box, as the writer's even sample would be. */
function pointsIn(key: string) {
  const node = flatTree(3).nodes.get(key)!;
  const positions = new Float32Array(3 * 1000);
  for (let i = 0; i < 1000; i += 1) {
    const u = ((i % 40) + 0.5) / 40;
    const v = (Math.floor(i / 40) + 0.5) / 25;
    positions.set(
      [node.min[0] + u * (node.max[0] - node.min[0]), node.min[1] + v * (node.max[1] - node.min[1]), node.min[2]],
      i * 3,
    );
  }
  return positions;
}

/** A scene that records what it holds, and a worker that records what it is asked. */
function harness(budget = 1_000_000, cacheBytes?: number) {
  const tree = flatTree(3);
  const held = new Set<number>();
  const freed: number[] = [];
  const requests: TEptRequest[] = [];
  let view: TViewState = FULL_VIEW;
  let handles = 0;
  let last: TStreamStats | null = null;
  const stream = new EptStream(
    tree,
    [0, 0, 0],
    (request) => requests.push(request),
    {
      addNode: () => {
        handles += 1;
        held.add(handles);
        return handles;
      },
      removeNode: (handle) => {
        held.delete(handle);
        freed.push(handle);
      },
      viewState: () => view,
    },
    { budget, ...(cacheBytes === undefined ? {} : { cacheBytes }) },
    (stats) => {
      last = stats;
    },
  );
  const asked = () => requests.filter((request) => request.type === 'load').map((request) => request.key);
  /** Answers every load still open, as the worker would, until nothing more is asked. */
  const answerAll = () => {
    for (let answered = 0; answered < asked().length; ) {
      const key = asked()[answered]!;
      answered += 1;
      if (requests.some((request) => request.type === 'cancel' && request.key === key)) continue;
      stream.receive(key, pointsIn(key), null);
    }
  };
  return {
    stream,
    held,
    freed,
    requests,
    asked,
    answerAll,
    stats: () => last!,
    look: (next: TViewState) => {
      view = next;
      stream.refresh();
    },
  };
}

describe('EptStream', () => {
  it('asks for a few nodes at a time, root first, and more as they arrive, until the view is held', () => {
    const run = harness();
    run.stream.refresh();
    expect(run.asked()).toHaveLength(MAX_IN_FLIGHT);
    expect(run.asked()[0]).toBe('0-0-0-0');
    expect(run.stats()).toMatchObject({ inFlight: MAX_IN_FLIGHT, idle: false, pointsLoaded: 0 });
    run.answerAll();
    expect(run.stats()).toMatchObject({ inFlight: 0, idle: true });
    expect(run.stats().pointsLoaded).toBe(run.held.size * 1000);
  });

  it('zooming into a corner loads more there and frees the nodes that left the view', () => {
    const run = harness();
    run.stream.refresh();
    run.answerAll();
    const before = run.stream.pointsWithin([0, 0, 0], [25, 25, 10]);
    run.look(CORNER_VIEW);
    run.answerAll();
    const after = run.stream.pointsWithin([0, 0, 0], [25, 25, 10]);
    expect(before).toBeGreaterThan(0);
    expect(after).toBeGreaterThanOrEqual(before * 10);
    expect(run.stats().idle).toBe(true);
    expect(run.asked().some((key) => key.startsWith('3-0-0'))).toBe(true);
    // Turning back to the far corner drops the fine nodes of this one.
    const heldInCorner = run.held.size;
    run.look(viewFrom([90, 110, 25], [88, 88, 2]));
    expect(run.freed.length).toBeGreaterThan(0);
    expect(run.held.size).toBeLessThan(heldInCorner);
  });

  it('cancels requests for nodes no longer wanted and drops a node that arrives after it left the view', () => {
    const run = harness();
    run.look(CORNER_VIEW);
    run.answerAll();
    run.look(viewFrom([90, 110, 25], [88, 88, 2]));
    const open = run
      .asked()
      .filter((key) => !run.requests.some((request) => request.type === 'cancel' && request.key === key));
    run.look(CORNER_VIEW);
    const cancelled = run.requests.filter((request) => request.type === 'cancel').map((request) => request.key);
    expect(cancelled.length).toBeGreaterThan(0);
    const heldBefore = run.held.size;
    // A late answer for a cancelled node is not drawn.
    run.stream.receive(cancelled.at(-1)!, new Float32Array(3000), null);
    expect(run.held.size).toBe(heldBefore);
    expect(open.length).toBeGreaterThan(0);
  });

  it('holds no more than the budget, and a smaller budget frees nodes at once', () => {
    const run = harness(10_000);
    run.look(CORNER_VIEW);
    run.answerAll();
    expect(run.stats().pointsLoaded).toBeLessThanOrEqual(10_000);
    expect(run.stats().budgetReached).toBe(true);
    run.stream.setBudget(3_000);
    expect(run.stats().pointsLoaded).toBeLessThanOrEqual(3_000);
    expect(run.held.size).toBe(3);
  });

  it('counts held points inside a box of the file coordinates', () => {
    const run = harness();
    run.stream.refresh();
    run.stream.receive('0-0-0-0', new Float32Array([1, 1, 1, 30, 30, 1, 5, 6, 7]), null);
    expect(run.stream.pointsWithin([0, 0, 0], [25, 25, 10])).toBe(2);
    run.stream.dispose();
    expect(run.held.size).toBe(0);
    expect(run.stream.pointsWithin([0, 0, 0], [25, 25, 10])).toBe(0);
  });

  it('zooming back out and in again shows the dropped nodes from its cache, without fetching them again', () => {
    const run = harness();
    run.look(CORNER_VIEW);
    run.answerAll();
    const inCorner = run.stream.pointsWithin([0, 0, 0], [25, 25, 10]);
    run.look(FULL_VIEW);
    run.answerAll();
    expect(run.stream.pointsWithin([0, 0, 0], [25, 25, 10])).toBeLessThan(inCorner);
    const askedBefore = run.asked().length;
    run.look(CORNER_VIEW);
    expect(run.asked()).toHaveLength(askedBefore);
    expect(run.stream.pointsWithin([0, 0, 0], [25, 25, 10])).toBe(inCorner);
    expect(run.stats().idle).toBe(true);
  });

  it('keeps no more dropped nodes than its bytes allow: past them, a return fetches again', () => {
    const run = harness(1_000_000, 3 * 12_000);
    run.look(CORNER_VIEW);
    run.answerAll();
    run.look(FULL_VIEW);
    run.answerAll();
    expect(run.stream.cachedBytes()).toBeLessThanOrEqual(3 * 12_000);
    const askedBefore = run.asked().length;
    run.look(CORNER_VIEW);
    expect(run.asked().length).toBeGreaterThan(askedBefore);
  });
});

import type { TLasHeader } from '@spacecapture/shared/point-formats/las-header';
import type { TLazPerf } from '@spacecapture/shared/point-formats/laz-chunks';
import { readCloudSource, type TCloudFacts } from './cloud-source.ts';
import { fetchRange } from './fetch-range.ts';
import { planPointFetches, type TPointFetch } from './lod-plan.ts';
import {
  decodeAsciiPlyVertices,
  decodePoints,
  detectEightBitColor,
  lasLayout,
  plyLayout,
  type TPointLayout,
} from './point-decoder.ts';
import { planLaz, streamLazChunks } from './stream-laz.ts';

/**
 * Reads and decodes a point file: the header first, then runs of records in level-of-detail order
 * (see lod-plan.ts), each handed to `post` as soon as it is decoded. Runs in the viewer's worker
 * (point-cloud-worker.ts), off the page's thread.
 */

export type TWorkerRequest = { type: 'open'; url: string; fileName: string; sizeBytes: number; budget: number };

export type TWorkerMessage =
  | { type: 'facts'; facts: TCloudFacts; planned: number }
  | {
      type: 'points';
      positions: Float32Array;
      colors: Uint8Array | null;
      /** The point positions are relative to this, in the file's coordinates. */
      origin: [number, number, number];
      min: [number, number, number];
      max: [number, number, number];
    }
  | { type: 'done' }
  | { type: 'error'; message: string };

/** Requests in flight at once: enough to hide latency, few enough to keep the order coarse-first. */
const PARALLEL_REQUESTS = 4;
/** An ASCII PLY has to be read whole; above this size it is left to the download. */
const ASCII_PLY_MAX_BYTES = 64 * 1024 * 1024;

function centreOf(min: readonly number[], max: readonly number[]): [number, number, number] {
  // Whole units keep the offset readable and lose nothing: float32 covers the rest near zero.
  return [0, 1, 2].map((axis) => Math.round((min[axis]! + max[axis]!) / 2)) as [number, number, number];
}

type TPost = (message: TWorkerMessage) => void;

async function streamRecords(
  post: TPost,
  url: string,
  layout: TPointLayout,
  plan: TPointFetch[],
  lasOrigin: [number, number, number] | null,
) {
  let origin = lasOrigin;
  let eightBit: boolean | null = null;
  let next = 0;
  // Results are posted in plan order, so the coarse pass always reaches the page first.
  const pending = new Map<number, Promise<Uint8Array>>();
  const start = (index: number) => {
    const fetch = plan[index];
    if (fetch) pending.set(index, fetchRange(url, fetch.start, fetch.end));
  };
  for (; next < Math.min(PARALLEL_REQUESTS, plan.length); next += 1) start(next);
  for (let index = 0; index < plan.length; index += 1) {
    const bytes = await pending.get(index)!;
    pending.delete(index);
    start(next);
    next += 1;
    if (eightBit === null) eightBit = detectEightBitColor(bytes, layout);
    if (!origin) {
      // PLY states no bounds: centre on the first batch, which spans the file (coarse pass).
      const probe = decodePoints(bytes, layout, [0, 0, 0], eightBit);
      origin = centreOf(probe.min, probe.max);
    }
    const decoded = decodePoints(bytes, layout, origin, eightBit);
    post({ type: 'points', ...decoded, origin });
  }
}

/** How the worker gets laz-perf: its own build by default; tests hand in laz-perf's Node build. */
export type TStreamOptions = { loadLazPerf?: () => Promise<TLazPerf> };

async function streamLaz(
  request: TWorkerRequest,
  post: TPost,
  facts: TCloudFacts,
  head: Uint8Array,
  header: TLasHeader,
  loadLazPerf: () => Promise<TLazPerf>,
) {
  // The decoder loads while the chunk table is read.
  const lazPerf = loadLazPerf();
  const plan = await planLaz(request.url, head, header, request.sizeBytes, request.budget);
  if ('unreadable' in plan) {
    lazPerf.catch(() => undefined);
    post({ type: 'facts', facts: { ...facts, unreadable: plan.unreadable }, planned: 0 });
    return;
  }
  post({ type: 'facts', facts, planned: plan.planned });
  const origin = centreOf(header.min, header.max);
  await streamLazChunks(request.url, header, plan.chunks, origin, await lazPerf, (points) =>
    post({ type: 'points', ...points }),
  );
}

export async function streamCloud(request: TWorkerRequest, post: TPost, options: TStreamOptions = {}) {
  const source = await readCloudSource(request.url, request.fileName);
  if (source.facts.unreadable || source.kind === 'other') {
    post({ type: 'facts', facts: source.facts, planned: 0 });
    post({ type: 'done' });
    return;
  }
  if (source.kind === 'las' && source.header.compressed) {
    const load = options.loadLazPerf ?? (() => import('./laz-perf-loader.ts').then((loader) => loader.loadLazPerf()));
    await streamLaz(request, post, source.facts, source.head, source.header, load);
  } else if (source.kind === 'las') {
    const { header } = source;
    const plan = planPointFetches({
      pointCount: header.pointCount,
      recordLength: header.recordLength,
      dataOffset: header.pointDataOffset,
      budget: request.budget,
    });
    post({ type: 'facts', facts: source.facts, planned: plan.reduce((sum, fetch) => sum + fetch.count, 0) });
    await streamRecords(post, request.url, lasLayout(header), plan, centreOf(header.min, header.max));
  } else if (source.header.format === 'ascii') {
    if (request.sizeBytes > ASCII_PLY_MAX_BYTES) {
      const unreadable = 'This ASCII PLY is too large to draw in the browser: download the file to open it.';
      post({ type: 'facts', facts: { ...source.facts, unreadable }, planned: 0 });
      post({ type: 'done' });
      return;
    }
    post({ type: 'facts', facts: source.facts, planned: source.header.vertexCount });
    const bytes = await fetchRange(request.url, source.header.headerLength, request.sizeBytes - 1);
    const decoded = decodeAsciiPlyVertices(new TextDecoder().decode(bytes), source.header, null);
    post({ type: 'points', ...decoded });
  } else {
    const layout = plyLayout(source.header);
    const plan = planPointFetches({
      pointCount: source.header.vertexCount,
      recordLength: layout.recordLength,
      dataOffset: source.header.headerLength,
      budget: request.budget,
    });
    post({ type: 'facts', facts: source.facts, planned: plan.reduce((sum, fetch) => sum + fetch.count, 0) });
    await streamRecords(post, request.url, layout, plan, null);
  }
  post({ type: 'done' });
}

import type { TLasHeader } from '@spacecapture/shared/point-formats/las-header';
import {
  chunkTableOffset,
  decodeChunk,
  decodeChunkTable,
  findLaszipVlr,
  lazPerfDecodes,
  type TLazChunk,
  type TLazPerf,
} from '@spacecapture/shared/point-formats/laz-chunks';
import { fetchRange } from './fetch-range.ts';
import { bitReversedOrder } from './lod-plan.ts';
import { decodePoints, detectEightBitColor, lasLayout } from './point-decoder.ts';

/**
 * LAZ points by range: the chunk table tells where each chunk of (usually 50,000) points starts;
 * chunks are fetched in bit-reversed order (0, ½, ¼, ¾ …), so the first ones already spread over
 * the file, and each is decoded on its own by laz-perf's ChunkDecoder (WebAssembly). The plan
 * stops at the point budget, as for LAS. Chunks of fixed or variable size (COPC files have the
 * latter; their octree is not used, they are drawn as plain LAZ). Anything the plan cannot rely on
 * (no LASzip VLR, no chunk table, a table that does not match the points, a point format laz-perf
 * does not decode) ends in the facts with a sentence saying why, never in an empty view.
 */

export type TLazPoints = {
  positions: Float32Array;
  colors: Uint8Array | null;
  origin: [number, number, number];
  min: [number, number, number];
  max: [number, number, number];
};

export type TLazPlan = { chunks: TLazChunk[]; planned: number } | { unreadable: string };

/** The chunk table is small (a few bytes per chunk); more than this is not a chunk table. */
const CHUNK_TABLE_MAX_BYTES = 1 << 20;
const PARALLEL_REQUESTS = 4;

/** Why a LAZ point format is not drawn, or null when laz-perf decodes it. */
export function lazUnreadableFormat(pointFormat: number): string | null {
  return lazPerfDecodes(pointFormat)
    ? null
    : `LAZ point format ${pointFormat} (with waveforms) is not drawn in the browser: download the file to open it.`;
}

/** Chunks to fetch, in level-of-detail order, within the budget; the last may be read in part. */
export function orderChunks(chunks: readonly TLazChunk[], budget: number): { chunks: TLazChunk[]; planned: number } {
  const ordered: TLazChunk[] = [];
  let planned = 0;
  for (const index of bitReversedOrder(chunks.length)) {
    if (planned >= budget) break;
    const chunk = chunks[index]!;
    const take = Math.min(chunk.count, budget - planned);
    ordered.push(take === chunk.count ? chunk : { ...chunk, count: take });
    planned += take;
  }
  return { chunks: ordered, planned };
}

/** Reads the LASzip VLR from `head` and the chunk table by range, and plans the chunk fetches. */
export async function planLaz(
  url: string,
  head: Uint8Array,
  header: TLasHeader,
  sizeBytes: number,
  budget: number,
): Promise<TLazPlan> {
  const download = 'download the file to open it.';
  const vlr = findLaszipVlr(head);
  if (!vlr) return { unreadable: `This LAZ file has no LASzip description the browser can read: ${download}` };
  if (vlr.compressor !== 2 && vlr.compressor !== 3) {
    return { unreadable: `This LAZ file is compressed without chunks, which the browser does not read: ${download}` };
  }
  if (vlr.chunkSize === 0) return { unreadable: `This LAZ file states chunks of no points: ${download}` };
  const offsetBytes =
    header.pointDataOffset + 8 <= head.length
      ? head.subarray(header.pointDataOffset, header.pointDataOffset + 8)
      : await fetchRange(url, header.pointDataOffset, header.pointDataOffset + 7);
  const tableOffset = chunkTableOffset(offsetBytes, header.pointDataOffset, sizeBytes);
  const noTable = `This LAZ file has no chunk table (its writer could not go back to add one), so its points cannot be read by parts: ${download}`;
  if (tableOffset === null) return { unreadable: noTable };
  const tableEnd = Math.min(tableOffset + CHUNK_TABLE_MAX_BYTES, sizeBytes > 0 ? sizeBytes : Infinity) - 1;
  const table = await fetchRange(url, tableOffset, tableEnd);
  let chunks: TLazChunk[];
  try {
    chunks = decodeChunkTable(table, tableOffset, header, vlr.chunkSize);
  } catch {
    return { unreadable: noTable };
  }
  return orderChunks(chunks, budget);
}

/** Fetches and decodes the planned chunks, four requests in flight, posting batches in plan order. */
export async function streamLazChunks(
  url: string,
  header: TLasHeader,
  chunks: readonly TLazChunk[],
  origin: [number, number, number],
  lazPerf: TLazPerf,
  post: (points: TLazPoints) => void,
) {
  const layout = lasLayout(header);
  let eightBit: boolean | null = null;
  const pending = new Map<number, Promise<Uint8Array>>();
  const start = (index: number) => {
    const chunk = chunks[index];
    if (chunk) pending.set(index, fetchRange(url, chunk.start, chunk.end));
  };
  for (let index = 0; index < Math.min(PARALLEL_REQUESTS, chunks.length); index += 1) start(index);
  for (let index = 0; index < chunks.length; index += 1) {
    const bytes = await pending.get(index)!;
    pending.delete(index);
    start(index + PARALLEL_REQUESTS);
    const records = decodeChunk(lazPerf, bytes, header, chunks[index]!.count);
    if (eightBit === null) eightBit = detectEightBitColor(records, layout);
    post({ ...decodePoints(records, layout, origin, eightBit), origin });
  }
}

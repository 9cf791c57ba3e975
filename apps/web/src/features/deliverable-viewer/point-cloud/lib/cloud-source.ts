import { isLas, parseLasHeader, type TLasHeader } from '@spacecapture/shared/point-formats/las-header';
import { E57_HEADER_BYTES, isE57 } from './e57.ts';
import { fetchRange } from './fetch-range.ts';
import { isPly, parsePlyHeader, type TPlyHeader } from './ply-header.ts';
import { lazUnreadableFormat } from './stream-laz.ts';

/**
 * What the first bytes of a point file say: its format and the facts the viewer shows before (or
 * instead of) any point. Read with one range request, in the worker or, without WebGL, on the page.
 */

export type TCloudFacts = {
  format: 'LAS' | 'LAZ' | 'PLY' | 'E57' | 'Unknown';
  version: string | null;
  pointCount: number | null;
  hasColor: boolean;
  /** In the file's own coordinates, when the header states them (LAS/LAZ). */
  bounds: { min: [number, number, number]; max: [number, number, number] } | null;
  /** The file's coordinate step (LAS scale), to report picked points without float noise; null if unknown. */
  resolution: number | null;
  /** Why the points cannot be drawn here, when they cannot. */
  unreadable: string | null;
};

export type TCloudSource =
  /** `head` holds the file's first bytes: a LAZ file's LASzip VLR is read from them. */
  | { kind: 'las'; facts: TCloudFacts; header: TLasHeader; head: Uint8Array }
  | { kind: 'ply'; facts: TCloudFacts; header: TPlyHeader }
  | { kind: 'other'; facts: TCloudFacts };

/** Enough for a LAS 1.4 header and a PLY header with dozens of properties. */
export const HEAD_BYTES = 64 * 1024;

export function describeHead(head: Uint8Array, fileName: string): TCloudSource {
  if (isLas(head)) {
    const header = parseLasHeader(head);
    return {
      kind: 'las',
      header,
      head,
      facts: {
        format: header.compressed ? 'LAZ' : 'LAS',
        version: `${header.versionMajor}.${header.versionMinor}`,
        pointCount: header.pointCount,
        hasColor: header.colorOffset !== null,
        bounds: { min: header.min, max: header.max },
        resolution: Math.min(...header.scale.filter((scale) => scale > 0)),
        unreadable: header.compressed ? lazUnreadableFormat(header.pointFormat) : null,
      },
    };
  }
  if (isPly(head)) {
    const header = parsePlyHeader(head);
    const rangeReadable = header.format !== 'ascii' && header.recordLength !== null && header.verticesFirst;
    return {
      kind: 'ply',
      header,
      facts: {
        format: 'PLY',
        version: header.format.replaceAll('_', ' '),
        pointCount: header.vertexCount,
        hasColor: header.hasColor,
        bounds: null,
        resolution: null,
        unreadable:
          rangeReadable || header.format === 'ascii'
            ? null
            : 'This PLY layout (vertices after another element, or list properties) is not drawn in the browser: download the file to open it.',
      },
    };
  }
  const e57 = head.length >= E57_HEADER_BYTES && isE57(head);
  return {
    kind: 'other',
    facts: {
      format: e57 ? 'E57' : 'Unknown',
      version: null,
      pointCount: null,
      hasColor: false,
      bounds: null,
      resolution: null,
      unreadable: e57
        ? 'E57 points are not drawn in the browser.'
        : `${fileName} is not a LAS, LAZ or PLY point cloud.`,
    },
  };
}

export async function readCloudSource(url: string, fileName: string, signal?: AbortSignal): Promise<TCloudSource> {
  const head = await fetchRange(url, 0, HEAD_BYTES - 1, signal);
  return describeHead(head, fileName);
}

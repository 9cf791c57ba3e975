/**
 * What the EPT writer reads a point cloud through (decision 244): one reader per file format (LAS,
 * LAZ, PLY, E57), each streaming the file's points in batches, in the file's order, as often as
 * the writer asks (it reads the file two or three times and never holds it whole).
 */

/** A file the converter cannot read: its message is shown to the provider. */
export class UnreadablePointCloudError extends Error {
  override name = 'UnreadablePointCloudError';
}

export type TBounds = { min: [number, number, number]; max: [number, number, number] };

/**
 * Some points, valid only while the writer's callback runs (a reader reuses its arrays).
 * Positions are doubles in the file's units, after any pose; the attributes are absent when the
 * format or the file has none.
 */
export type TPointBatch = {
  count: number;
  /** x, y, z of each point in turn. */
  xyz: Float64Array;
  /** In the file's own range; the writer maps `intensityRange` onto 0..65535. LAS's are 16-bit. */
  intensity: Float64Array | Uint16Array | null;
  classification: Uint8Array | null;
  /** Red, green, blue of each point in turn, 16 bits each (8-bit colour scaled by 257). */
  rgb: Uint16Array | null;
};

export type TPointSource = {
  /** The format's name, for messages and the summary. */
  format: string;
  /** The count the file states; the tree counts the points it is given. */
  pointCount: number;
  /** Bounds the file states, or null when it states none (the writer then measures them first). */
  bounds: TBounds | null;
  /** A LAS file's own grid, kept so no coordinate is rounded; null lets the writer choose one. */
  storage: { scale: [number, number, number]; offset: [number, number, number] } | null;
  hasColor: boolean;
  /** The range intensity values lie in, or null to have the writer measure it. */
  intensityRange: [number, number] | null;
  /**
   * Reading decodes (LAZ), so converting reads the file once and the decoded points from a spill
   * after (`decode-once.ts`); absent when reading again costs about what reading the spill would.
   */
  costlyToRead?: boolean;
  /** Streams every point; an answer that is a promise is awaited before the next batch is read. */
  read(onBatch: (batch: TPointBatch) => void | Promise<void>): Promise<void>;
};

/** Points per batch a reader hands over: large enough to amortise a call, small in memory. */
export const BATCH_POINTS = 65_536;

/** A batch with room for `BATCH_POINTS` points and the attributes asked for. */
export function allocateBatch(attributes: { intensity: boolean | 'uint16'; classification: boolean; color: boolean }) {
  return {
    count: 0,
    xyz: new Float64Array(BATCH_POINTS * 3),
    intensity:
      attributes.intensity === 'uint16'
        ? new Uint16Array(BATCH_POINTS)
        : attributes.intensity
          ? new Float64Array(BATCH_POINTS)
          : null,
    classification: attributes.classification ? new Uint8Array(BATCH_POINTS) : null,
    rgb: attributes.color ? new Uint16Array(BATCH_POINTS * 3) : null,
  } satisfies TPointBatch;
}

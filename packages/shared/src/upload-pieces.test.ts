import { describe, expect, it } from 'vitest';
import { BASE_PIECE_BYTES, MAX_PIECE_BYTES, MAX_PIECES, pieceBytesFor } from './upload-pieces.ts';

const GB = 1000 ** 3;
const MIB = 1024 * 1024;
const piecesOf = (size: number) => Math.ceil(size / pieceBytesFor(size));

describe('pieceBytesFor', () => {
  it('sends ordinary files in 16 MiB pieces', () => {
    expect(pieceBytesFor(1)).toBe(BASE_PIECE_BYTES);
    expect(pieceBytesFor(2 * 1024 ** 3)).toBe(16 * MIB);
    expect(pieceBytesFor(100 * GB)).toBe(16 * MIB);
  });

  it('keeps a 100 GB file, and every larger file the server takes, within 10,000 pieces', () => {
    expect(piecesOf(100 * GB)).toBeLessThanOrEqual(MAX_PIECES);
    for (const size of [167 * GB, 168 * GB, 200 * GB, 1000 * GB, 5 * 1024 ** 4]) {
      expect(piecesOf(size), `${size} bytes`).toBeLessThanOrEqual(MAX_PIECES);
      expect(pieceBytesFor(size) % MIB).toBe(0);
      expect(pieceBytesFor(size)).toBeLessThanOrEqual(MAX_PIECE_BYTES);
    }
  });

  it('grows the piece only as much as the file needs', () => {
    // 16 MiB × 10,000 is the most the base size carries; one byte more needs 17 MiB pieces.
    expect(pieceBytesFor(BASE_PIECE_BYTES * MAX_PIECES)).toBe(16 * MIB);
    expect(pieceBytesFor(BASE_PIECE_BYTES * MAX_PIECES + 1)).toBe(17 * MIB);
    expect(pieceBytesFor(200 * GB)).toBe(20 * MIB);
  });

  it('never exceeds the server’s largest piece', () => {
    expect(pieceBytesFor(MAX_PIECE_BYTES * MAX_PIECES * 2)).toBe(MAX_PIECE_BYTES);
  });

  it('refuses what is not a size', () => {
    expect(() => pieceBytesFor(-1)).toThrow(RangeError);
    expect(() => pieceBytesFor(Number.NaN)).toThrow(RangeError);
  });
});

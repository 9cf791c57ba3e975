import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFileHashing } from './file-hashing.ts';

const pieceB64 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64');
const fileHex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('createFileHashing', () => {
  const bytes = randomBytes(10_000_123);
  const file = new Blob([bytes]);
  const PIECE = 4_000_000;

  it('gives each piece’s SHA-256 and, with the last piece, the whole file’s', async () => {
    const hashing = createFileHashing(file);
    const first = await hashing.piece(0, PIECE);
    expect(first).toEqual({ piece: pieceB64(bytes.subarray(0, PIECE)), file: null });
    expect((await hashing.piece(PIECE, 2 * PIECE)).piece).toBe(pieceB64(bytes.subarray(PIECE, 2 * PIECE)));
    const last = await hashing.piece(2 * PIECE, bytes.length);
    expect(last).toEqual({ piece: pieceB64(bytes.subarray(2 * PIECE)), file: fileHex(bytes) });
  });

  it('counts a piece sent again once', async () => {
    const hashing = createFileHashing(file);
    await hashing.piece(0, PIECE);
    await hashing.piece(PIECE, 2 * PIECE);
    await hashing.piece(PIECE, 2 * PIECE);
    expect((await hashing.piece(2 * PIECE, bytes.length)).file).toBe(fileHex(bytes));
  });

  it('reads the bytes before a resumed upload’s first piece, so the whole file is still covered', async () => {
    const hashing = createFileHashing(file);
    const resumed = await hashing.piece(2 * PIECE, bytes.length);
    expect(resumed).toEqual({ piece: pieceB64(bytes.subarray(2 * PIECE)), file: fileHex(bytes) });
  });

  it('starts over when asked for an earlier piece than the last', async () => {
    const hashing = createFileHashing(file);
    await hashing.piece(0, PIECE);
    await hashing.piece(PIECE, 2 * PIECE);
    await hashing.piece(0, PIECE);
    await hashing.piece(PIECE, 2 * PIECE);
    expect((await hashing.piece(2 * PIECE, bytes.length)).file).toBe(fileHex(bytes));
  });
});

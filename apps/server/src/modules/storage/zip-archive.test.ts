import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import * as yauzl from 'yauzl';
import { archiveNames, planArchive, streamArchive, type TArchiveEntry, type TArchivePlan } from './zip-archive.ts';

const AT = new Date('2026-11-30T14:22:10Z');
const GIB = 1024 ** 3;

/** Stored files held in memory, opened by span as the file store would. */
function memoryStore(files: Record<string, Buffer>) {
  return async (key: string, start: number, end: number) =>
    Readable.from([(files[key] as Buffer).subarray(start, end + 1)]);
}

/** A store whose files are zeros of any size, made only as far as they are read. */
function zeroStore() {
  return async (_key: string, start: number, end: number) => {
    let left = end - start + 1;
    return new Readable({
      read() {
        const n = Math.min(left, 65_536);
        left -= n;
        this.push(n > 0 ? Buffer.alloc(n) : null);
      },
    });
  };
}

/** yauzl reading the plan through its random-access interface: only the spans it asks for are made. */
function openWithYauzl(plan: TArchivePlan, open: ReturnType<typeof zeroStore>) {
  class PlanReader extends yauzl.RandomAccessReader {
    override _readStreamForRange(start: number, end: number) {
      return streamArchive(plan, { start, end: end - 1 }, open);
    }
  }
  return new Promise<yauzl.Entry[]>((resolve, reject) => {
    yauzl.fromRandomAccessReader(new PlanReader(), plan.size, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: yauzl.Entry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push(entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

function entryOf(name: string, body: Buffer): TArchiveEntry {
  return { name, size: body.length, crc32: crc32(body), modifiedAt: AT, key: name };
}

describe('the download-all zip', () => {
  const files = {
    'plan.pdf': Buffer.from('%PDF-1.7 a floor plan'),
    'photo.jpg': Buffer.alloc(70_000, 7),
    'empty.txt': Buffer.alloc(0),
  };
  const entries = Object.entries(files).map(([name, body]) => entryOf(name, body));

  it('is a zip another reader opens, with each file byte-exact and its CRC-32 right', async () => {
    const plan = planArchive(entries);
    const whole = await buffer(streamArchive(plan, { start: 0, end: plan.size - 1 }, memoryStore(files)));
    expect(whole.length).toBe(plan.size);
    const read = await new Promise<Record<string, Buffer>>((resolve, reject) => {
      yauzl.fromBuffer(whole, { lazyEntries: true }, (error, zip) => {
        if (error || !zip) return reject(error);
        const out: Record<string, Buffer> = {};
        zip.on('entry', (entry: yauzl.Entry) => {
          expect(entry.compressionMethod).toBe(0);
          zip.openReadStream(entry, async (streamError, stream) => {
            if (streamError || !stream) return reject(streamError);
            const body = await buffer(stream);
            expect(crc32(body)).toBe(entry.crc32);
            out[entry.fileName] = body;
            zip.readEntry();
          });
        });
        zip.on('end', () => resolve(out));
        zip.readEntry();
      });
    });
    expect(read).toEqual(files);
  });

  it('answers any range with the same bytes as that slice of the whole', async () => {
    const plan = planArchive(entries);
    const open = memoryStore(files);
    const whole = await buffer(streamArchive(plan, { start: 0, end: plan.size - 1 }, open));
    // Across a header and a body, inside one body, and the tail with the directory.
    for (const [start, end] of [
      [10, 200],
      [1_000, 50_000],
      [plan.size - 120, plan.size - 1],
      [0, 0],
    ] as const) {
      const part = await buffer(streamArchive(plan, { start, end }, open));
      expect(part.equals(whole.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
  });

  it('writes zip64 records for files and offsets past 4 GiB, which another reader follows', async () => {
    const big = [
      { name: 'scan.e57', size: 5 * GIB, crc32: 0x1234_5678, modifiedAt: AT, key: 'a' },
      { name: 'notes.txt', size: 10, crc32: 0xdead_beef, modifiedAt: AT, key: 'b' },
      { name: 'video.mp4', size: Math.floor(4.5 * GIB), crc32: 0xffff_ffff, modifiedAt: AT, key: 'c' },
    ];
    const plan = planArchive(big);
    const read = await openWithYauzl(plan, zeroStore());
    expect(read.map((entry) => [entry.fileName, entry.uncompressedSize, entry.crc32 >>> 0])).toEqual(
      big.map((entry) => [entry.name, entry.size, entry.crc32]),
    );
    // The second file starts past 4 GiB: its offset is only in its zip64 field.
    const second = read[1] as yauzl.Entry;
    expect(second.relativeOffsetOfLocalHeader).toBeGreaterThan(0xffff_ffff);
    expect(second.extraFields.map((field) => field.id)).toEqual([0x0001]);
    // The size is exact in advance: headers, bodies and the directory with its zip64 end records.
    const names = big.reduce((sum, entry) => sum + entry.name.length, 0);
    const local = 3 * 30 + names + 2 * 20; // two zip64 fields of two sizes
    const central = 3 * 46 + names + (4 + 16) + (4 + 8) + (4 + 16 + 8);
    expect(plan.size).toBe(local + 5 * GIB + 10 + Math.floor(4.5 * GIB) + central + 56 + 20 + 22);
  });

  it('keeps small archives free of zip64 records', () => {
    const plan = planArchive(entries);
    const tail = plan.segments.at(-1);
    expect(tail?.kind).toBe('bytes');
    const bytes = tail?.kind === 'bytes' ? tail.bytes : Buffer.alloc(0);
    expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(false);
    expect(bytes.readUInt16LE(bytes.length - 12)).toBe(3);
  });

  it('names each entry once, and never with a folder', () => {
    expect(archiveNames(['plan.pdf', 'Plan.pdf', 'plan.pdf', '../etc/passwd', '.env', 'README'])).toEqual([
      'plan.pdf',
      'Plan (2).pdf',
      'plan (3).pdf',
      '__etc_passwd',
      '_env',
      'README',
    ]);
  });
});

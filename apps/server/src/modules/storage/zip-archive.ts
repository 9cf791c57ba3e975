import { Readable } from 'node:stream';

/**
 * "Download all" as one zip written by hand (decision 221). Every entry is stored, not compressed
 * (deliverables are photos, videos, point clouds and PDFs, already compressed), so the archive's
 * size and every byte's place are known before the first byte is sent: the answer has a
 * Content-Length and serves any Range by mapping it onto the local headers, the file bodies and the
 * central directory. CRC-32s go in the headers, so each file's is known up front (kept with the
 * deliverable). Fields that overflow 32 bits (a file or an offset past 4 GiB) use zip64 records.
 */

export type TArchiveEntry = {
  /** The name inside the archive (UTF-8, no folders). */
  name: string;
  size: number;
  /** The file's CRC-32 as an unsigned number. */
  crc32: number;
  modifiedAt: Date;
  /** Where the bytes are: handed back to the opener when they are due. */
  key: string;
};

/** A run of the archive: bytes held in memory (headers, directory) or a span of one stored file. */
export type TArchiveSegment =
  | { kind: 'bytes'; offset: number; bytes: Buffer }
  | { kind: 'file'; offset: number; length: number; key: string };

export type TArchivePlan = { size: number; segments: TArchiveSegment[] };

const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;
const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const END = 0x06054b50;
/** General purpose flag bit 11: names are UTF-8. */
const UTF8_NAMES = 0x0800;
const VERSION_PLAIN = 20;
const VERSION_ZIP64 = 45;
const ZIP64_EXTRA_ID = 0x0001;

/** MS-DOS date and time (local fields, read as UTC here; two-second precision, 1980 at the earliest). */
function dosDateTime(at: Date) {
  const year = Math.max(1980, at.getUTCFullYear());
  const time = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2);
  const date = ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  return { time, date };
}

/** A zip64 extended-information field holding the given 64-bit values in order. */
function zip64Extra(values: number[]) {
  const extra = Buffer.alloc(4 + values.length * 8);
  extra.writeUInt16LE(ZIP64_EXTRA_ID, 0);
  extra.writeUInt16LE(values.length * 8, 2);
  values.forEach((value, index) => {
    extra.writeBigUInt64LE(BigInt(value), 4 + index * 8);
  });
  return extra;
}

function localHeader(entry: TArchiveEntry, name: Buffer) {
  const zip64 = entry.size >= MAX_32;
  // In a local header the zip64 field, when present, holds both sizes.
  const extra = zip64 ? zip64Extra([entry.size, entry.size]) : Buffer.alloc(0);
  const { time, date } = dosDateTime(entry.modifiedAt);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_PLAIN, 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  header.writeUInt32LE(entry.crc32 >>> 0, 14);
  header.writeUInt32LE(zip64 ? MAX_32 : entry.size, 18);
  header.writeUInt32LE(zip64 ? MAX_32 : entry.size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return Buffer.concat([header, name, extra]);
}

function centralHeader(entry: TArchiveEntry, name: Buffer, localOffset: number) {
  const bigSize = entry.size >= MAX_32;
  const bigOffset = localOffset >= MAX_32;
  // Only the overflowing fields go in the zip64 field, in the order the format fixes.
  const values = [...(bigSize ? [entry.size, entry.size] : []), ...(bigOffset ? [localOffset] : [])];
  const extra = values.length > 0 ? zip64Extra(values) : Buffer.alloc(0);
  const version = values.length > 0 ? VERSION_ZIP64 : VERSION_PLAIN;
  const { time, date } = dosDateTime(entry.modifiedAt);
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(VERSION_ZIP64, 4); // made by: MS-DOS attributes, spec 4.5
  header.writeUInt16LE(version, 6);
  header.writeUInt16LE(UTF8_NAMES, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(time, 12);
  header.writeUInt16LE(date, 14);
  header.writeUInt32LE(entry.crc32 >>> 0, 16);
  header.writeUInt32LE(bigSize ? MAX_32 : entry.size, 20);
  header.writeUInt32LE(bigSize ? MAX_32 : entry.size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  header.writeUInt16LE(0, 32); // comment
  header.writeUInt16LE(0, 34); // disk
  header.writeUInt16LE(0, 36); // internal attributes
  header.writeUInt32LE(0, 38); // external attributes
  header.writeUInt32LE(bigOffset ? MAX_32 : localOffset, 42);
  return Buffer.concat([header, name, extra]);
}

/** The end records: zip64 end and locator first when any count, size or offset overflows. */
function endRecords(count: number, directorySize: number, directoryOffset: number) {
  const zip64 = count >= MAX_16 || directorySize >= MAX_32 || directoryOffset >= MAX_32;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  // With zip64 every field says "see the zip64 record", which is how readers know to look for it.
  end.writeUInt16LE(zip64 ? MAX_16 : count, 8);
  end.writeUInt16LE(zip64 ? MAX_16 : count, 10);
  end.writeUInt32LE(zip64 ? MAX_32 : directorySize, 12);
  end.writeUInt32LE(zip64 ? MAX_32 : directoryOffset, 16);
  if (!zip64) return end;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(ZIP64_END, 0);
  record.writeBigUInt64LE(44n, 4); // the record's size after this field
  record.writeUInt16LE(VERSION_ZIP64, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(directorySize), 40);
  record.writeBigUInt64LE(BigInt(directoryOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(ZIP64_LOCATOR, 0);
  locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
  locator.writeUInt32LE(1, 16); // disks
  return Buffer.concat([record, locator, end]);
}

/** What a file name may not hold on common file systems: control characters, separators, wildcards. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
export const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\\/:*?"<>|]/g;

/**
 * Names made unique inside one archive: a second "plan.pdf" becomes "plan (2).pdf". Folders and
 * characters a file system refuses are replaced, so unzipping never writes outside its folder.
 */
export function archiveNames(names: readonly string[]) {
  const taken = new Set<string>();
  return names.map((raw) => {
    const clean = raw.replace(UNSAFE_NAME_CHARACTERS, '_').replace(/^\.+/, '_') || 'file';
    const dot = clean.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
    let name = clean;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/** Lays the archive out: every segment with its offset, and the total size. Nothing is read. */
export function planArchive(entries: readonly TArchiveEntry[]): TArchivePlan {
  const segments: TArchiveSegment[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const header = localHeader(entry, name);
    central.push(centralHeader(entry, name, offset));
    segments.push({ kind: 'bytes', offset, bytes: header });
    offset += header.length;
    if (entry.size > 0) segments.push({ kind: 'file', offset, length: entry.size, key: entry.key });
    offset += entry.size;
  }
  const directory = Buffer.concat(central);
  const tail = Buffer.concat([directory, endRecords(entries.length, directory.length, offset)]);
  segments.push({ kind: 'bytes', offset, bytes: tail });
  return { size: offset + tail.length, segments };
}

/** Opens `length` bytes of a stored file from `start` (a disk or bucket read). */
export type TOpenSpan = (key: string, start: number, end: number) => Promise<Readable>;

/** The archive's bytes `start`..`end` (inclusive), read from the store one segment after another. */
export function streamArchive(plan: TArchivePlan, range: { start: number; end: number }, open: TOpenSpan) {
  async function* bytes() {
    for (const segment of plan.segments) {
      const length = segment.kind === 'bytes' ? segment.bytes.length : segment.length;
      const from = Math.max(range.start, segment.offset);
      const to = Math.min(range.end, segment.offset + length - 1);
      if (from > to) continue;
      if (segment.kind === 'bytes') {
        yield segment.bytes.subarray(from - segment.offset, to - segment.offset + 1);
        continue;
      }
      const expected = to - from + 1;
      let seen = 0;
      for await (const chunk of await open(segment.key, from - segment.offset, to - segment.offset)) {
        seen += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
      // A file shorter than recorded would shift every later byte: stop rather than send a broken zip.
      if (seen !== expected) throw new Error(`stored file ${segment.key} is not the size recorded`);
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}

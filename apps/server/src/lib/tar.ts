import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * A small streaming tar (POSIX ustar with pax headers for long names and sizes past 8 GiB),
 * enough for backup archives: regular files only, read and written one entry at a time so a
 * 100 GB deliverable never sits in memory. Any `tar` reads what it writes.
 */

const BLOCK = 512;
const MAX_OCTAL_SIZE = 0o77777777777;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, type: '0' | 'x', mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** One pax record: "<length> <key>=<value>\n", where the length counts itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
  return `${length}${body}`;
}

function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

export type TTarWriter = {
  /** Adds a regular file of exactly `size` bytes; `body` yielding a different count is an error. */
  addFile(name: string, size: number, body: AsyncIterable<Buffer> | Buffer, mtime?: Date): Promise<void>;
  /** Writes the end-of-archive blocks and ends `out` (wait for whatever `out` feeds to finish). */
  finish(): Promise<void>;
};

export function createTarWriter(out: Writable): TTarWriter {
  async function write(chunk: Buffer) {
    if (chunk.length > 0 && !out.write(chunk)) await once(out, 'drain');
  }
  return {
    async addFile(name, size, body, mtime = new Date()) {
      const nameBytes = Buffer.byteLength(name);
      if (nameBytes > 100 || size > MAX_OCTAL_SIZE) {
        const records = Buffer.from(
          (nameBytes > 100 ? paxRecord('path', name) : '') +
            (size > MAX_OCTAL_SIZE ? paxRecord('size', String(size)) : ''),
        );
        await write(header('PaxHeader', records.length, 'x', mtime));
        await write(records);
        await write(padding(records.length));
      }
      const shortName = nameBytes > 100 ? Buffer.from(name).subarray(0, 100).toString('utf8') : name;
      await write(header(shortName, Math.min(size, MAX_OCTAL_SIZE), '0', mtime));
      let written = 0;
      for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
        written += chunk.length;
        if (written > size) throw new Error(`${name} grew while it was being archived.`);
        await write(chunk);
      }
      if (written !== size) throw new Error(`${name} shrank while it was being archived.`);
      await write(padding(size));
    },
    async finish() {
      await write(Buffer.alloc(BLOCK * 2));
      out.end();
    },
  };
}

export type TTarEntry = {
  name: string;
  size: number;
  /** The entry's bytes; read them (or not) before asking for the next entry. */
  body: AsyncIterable<Buffer>;
};

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private chunks: Buffer[] = [];
  private length = 0;
  private ended = false;
  private readonly iterator: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  private async fill(wanted: number) {
    while (this.length < wanted && !this.ended) {
      const next = await this.iterator.next();
      if (next.done) this.ended = true;
      else if (next.value.length > 0) {
        this.chunks.push(next.value);
        this.length += next.value.length;
      }
    }
    if (this.length < wanted) throw new Error('The archive is cut short.');
  }

  /** Up to `max` bytes (at least one) without copying more than needed. */
  private async take(max: number): Promise<Buffer> {
    await this.fill(1);
    const first = this.chunks[0] as Buffer;
    if (first.length <= max) {
      this.chunks.shift();
      this.length -= first.length;
      return first;
    }
    this.chunks[0] = first.subarray(max);
    this.length -= max;
    return first.subarray(0, max);
  }

  async read(count: number): Promise<Buffer> {
    await this.fill(count);
    const parts: Buffer[] = [];
    let left = count;
    while (left > 0) {
      const part = await this.take(left);
      parts.push(part);
      left -= part.length;
    }
    return Buffer.concat(parts, count);
  }

  async *stream(count: number): AsyncGenerator<Buffer> {
    let left = count;
    while (left > 0) {
      const part = await this.take(left);
      left -= part.length;
      yield part;
    }
  }

  async skip(count: number) {
    for await (const _ of this.stream(count)) {
      // Discarded.
    }
  }
}

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  const value = text === '' ? 0 : Number.parseInt(text, 8);
  if (!Number.isSafeInteger(value)) throw new Error('The archive has a damaged entry header.');
  return value;
}

function parsePax(records: Buffer): Record<string, string> {
  const values: Record<string, string> = {};
  let at = 0;
  while (at < records.length) {
    const space = records.indexOf(0x20, at);
    const length = Number.parseInt(records.subarray(at, space).toString('ascii'), 10);
    if (space === -1 || !Number.isSafeInteger(length) || length <= 0) break;
    const record = records.subarray(space + 1, at + length - 1).toString('utf8');
    const equals = record.indexOf('=');
    values[record.slice(0, equals)] = record.slice(equals + 1);
    at += length;
  }
  return values;
}

/** The regular files of a tar stream, in order. Directories, links and other kinds are skipped. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TTarEntry> {
  const reader = new ByteReader(source);
  let pax: Record<string, string> = {};
  for (;;) {
    const block = await reader.read(BLOCK);
    if (block.every((byte) => byte === 0)) return;
    let checksum = 0;
    for (let i = 0; i < BLOCK; i++) checksum += i >= 148 && i < 156 ? 0x20 : (block[i] as number);
    if (checksum !== readOctal(block, 148, 8)) throw new Error('The archive is not a backup archive or is damaged.');
    const type = String.fromCharCode(block[156] as number);
    const prefix = block.subarray(257, 263).toString('ascii') === 'ustar\u0000' ? readString(block, 345, 155) : '';
    const ownName = readString(block, 0, 100);
    const name = pax.path ?? (prefix ? `${prefix}/${ownName}` : ownName);
    const size = pax.size ? Number.parseInt(pax.size, 10) : readOctal(block, 124, 12);
    pax = {};
    if (type === 'x') {
      pax = parsePax(await reader.read(size));
      await reader.skip(padding(size).length);
      continue;
    }
    if (type === '0' || type === '\0') {
      let consumed = 0;
      const body = (async function* () {
        for await (const chunk of reader.stream(size)) {
          consumed += chunk.length;
          yield chunk;
        }
      })();
      yield { name, size, body };
      await reader.skip(size - consumed);
    } else {
      await reader.skip(size);
    }
    await reader.skip(padding(size).length);
  }
}

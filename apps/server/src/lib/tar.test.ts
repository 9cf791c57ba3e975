import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTarWriter, readTar } from './tar.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-tar-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const longName = `files/${'a'.repeat(60)}/${'b'.repeat(80)}.bin`;
const entries = [
  { name: 'manifest.json', body: Buffer.from('{"format":1}') },
  { name: 'files/empty.txt', body: Buffer.alloc(0) },
  { name: longName, body: Buffer.alloc(70_000, 7) },
];

async function archive(): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (chunk: Buffer) => parts.push(chunk));
  const tar = createTarWriter(out);
  for (const entry of entries) await tar.addFile(entry.name, entry.body.length, entry.body);
  await tar.finish();
  return Buffer.concat(parts);
}

describe('tar', () => {
  it('reads back what it writes, long names included', async () => {
    const read: { name: string; body: Buffer }[] = [];
    for await (const entry of readTar(Readable.from([await archive()]))) {
      const parts: Buffer[] = [];
      for await (const chunk of entry.body) parts.push(chunk);
      read.push({ name: entry.name, body: Buffer.concat(parts) });
    }
    expect(read).toEqual(entries);
  });

  it('writes archives the system tar lists and extracts', async () => {
    const file = path.join(dir, 'test.tar');
    await writeFile(file, await archive());
    const { stdout } = await promisify(execFile)('tar', ['-tf', file]);
    expect(stdout.trim().split('\n')).toEqual(entries.map((entry) => entry.name));
    await promisify(execFile)('tar', ['-xf', file, '-C', dir]);
    expect(await readFile(path.join(dir, longName))).toEqual(entries[2]?.body);
  });

  it('refuses a body of another size than announced, and an archive cut short', async () => {
    const tar = createTarWriter(new PassThrough().resume());
    await expect(tar.addFile('x', 5, Buffer.from('abc'))).rejects.toThrow('shrank');
    const whole = await archive();
    const names: string[] = [];
    await expect(async () => {
      for await (const entry of readTar(Readable.from([whole.subarray(0, 2_000)]))) names.push(entry.name);
    }).rejects.toThrow('cut short');
  });
});

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The client side of the benches that upload through the real tus path: the upload server
 * (bench/lib/upload-server.ts) started as a child process whose memory is read from /proc, and a
 * file sent to it in PATCHes of a given size.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

export type TUploadServer = { port: number; cookie: string; orderId: string; dataDir: string };

/** Resident memory of a process, in MB, from /proc. */
export async function rssMb(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The processes whose parent is `pid` and whose command line holds `command`, read from /proc. */
export async function childrenOf(pid: number, command: string) {
  const children: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // The command name (field 2) is in parentheses and may hold spaces: the parent id follows it.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent !== pid) continue;
    const commandLine = await readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.includes(command)) children.push(Number(name));
  }
  return children;
}

export async function startUploadServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/lib/upload-server.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise<TUploadServer>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolve(JSON.parse(line) as TUploadServer);
    });
    child.once('exit', (code) => reject(new Error(`upload server exited (${code}) before listening`)));
  });
  return {
    child,
    ...info,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

function tusRequest(
  server: TUploadServer,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: { file: string; start: number; end: number },
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const origin = `http://127.0.0.1:${server.port}`;
    const outgoing = http.request(
      `${origin}${url}`,
      { method, headers: { 'tus-resumable': '1.0.0', origin, cookie: server.cookie, ...headers } },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
      },
    );
    outgoing.on('error', reject);
    if (body) {
      createReadStream(body.file, { start: body.start, end: body.end - 1, highWaterMark: 1024 * 1024 })
        .on('error', reject)
        .pipe(outgoing);
    } else {
      outgoing.end();
    }
  });
}

/**
 * The SHA-256 of each piece of `chunkBytes` (base64, for Upload-Checksum) and of the whole file
 * (hex, for Upload-File-Sha256), as the web page sends them (decision 217). Computed before the
 * upload is timed: the page hashes in a worker of its own, on the provider's machine.
 */
export async function pieceChecksums(file: string, chunkBytes: number) {
  const size = (await stat(file)).size;
  const whole = createHash('sha256');
  const pieces: string[] = [];
  for (let offset = 0; offset < size; offset += chunkBytes) {
    const piece = createHash('sha256');
    const end = Math.min(offset + chunkBytes, size);
    for await (const chunk of createReadStream(file, { start: offset, end: end - 1, highWaterMark: 1024 * 1024 })) {
      piece.update(chunk as Buffer);
      whole.update(chunk as Buffer);
    }
    pieces.push(piece.digest('base64'));
  }
  return { pieces, file: whole.digest('hex') };
}

/**
 * Uploads the file at `file` as the deliverable `fileName`, in PATCHes of `chunkBytes`, each with
 * its checksum when `checksums` are given; resolves to its id.
 */
export async function uploadFile(
  server: TUploadServer,
  file: string,
  fileName: string,
  chunkBytes: number,
  checksums?: { pieces: string[]; file: string },
) {
  const size = (await stat(file)).size;
  const metadata = [
    `orderId ${Buffer.from(server.orderId).toString('base64')}`,
    `filename ${Buffer.from(fileName).toString('base64')}`,
  ].join(',');
  const created = await tusRequest(server, 'POST', '/api/provider/uploads', {
    'upload-length': String(size),
    'upload-metadata': metadata,
  });
  if (created.status !== 201) throw new Error(`creation answered ${created.status}`);
  const location = String(created.headers.location);
  let deliverableId = '';
  for (let offset = 0; offset < size; offset += chunkBytes) {
    const end = Math.min(offset + chunkBytes, size);
    const sent = await tusRequest(
      server,
      'PATCH',
      location,
      {
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(end - offset),
        ...(checksums ? { 'upload-checksum': `sha256 ${checksums.pieces[offset / chunkBytes]}` } : {}),
        ...(checksums && end === size ? { 'upload-file-sha256': checksums.file } : {}),
      },
      { file, start: offset, end },
    );
    if (sent.status !== 204) throw new Error(`PATCH at ${offset} answered ${sent.status}`);
    deliverableId = String(sent.headers['upload-deliverable-id'] ?? '');
  }
  if (!deliverableId) throw new Error('the last PATCH recorded no deliverable');
  return deliverableId;
}

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

/**
 * Runs a parser of an uploaded file in a child process of its own (decision 171), so whatever the
 * file holds, the server's thread keeps answering and its memory stays its own:
 *
 * - a wall-clock limit: past it the child is killed;
 * - a heap limit (`--max-old-space-size`) and a resident-memory limit, read from /proc while it
 *   runs, since decoded images and native buffers live outside the JavaScript heap;
 * - a cap on what it may answer.
 *
 * The file's bytes go in on stdin and the answer comes back on stdout. The child starts at a lower
 * CPU priority, with an environment that holds none of the server's settings or secrets, and
 * exits after one file, so every byte it used is given back to the system.
 */

export type TContainedLimits = {
  timeoutMs: number;
  maxHeapMb: number;
  maxRssMb: number;
  maxOutputBytes: number;
};

/** Why a contained run gave no answer: a limit tripped, or the parser refused the file. */
export type TContainedFailure = 'time' | 'memory' | 'output' | 'pixels' | 'unreadable';

export type TContainedResult = { ok: true; output: Buffer } | { ok: false; reason: TContainedFailure; detail: string };

/** Exit codes a contained script uses to say what it found (anything else is `unreadable`). */
export const CONTAINED_EXIT = { pixelLimit: 4 } as const;

const RSS_POLL_MS = 50;
const STDERR_KEPT_BYTES = 2048;
/** The niceness of a contained child: the server's requests come first on a busy machine. */
const CHILD_NICENESS = 10;

/**
 * The first of a script's places that exists: the bundled `.mjs` beside the production server,
 * then the TypeScript source (Node strips its types).
 */
export function containedScript(candidates: readonly URL[]): string {
  for (const candidate of candidates) {
    const file = fileURLToPath(candidate);
    if (existsSync(file)) return file;
  }
  throw new Error(`No contained script at ${candidates.map((url) => fileURLToPath(url)).join(' or ')}.`);
}

async function residentMb(pid: number): Promise<number> {
  // statm: sizes in pages; the second field is the resident set.
  const statm = await readFile(`/proc/${pid}/statm`, 'utf8');
  return (Number(statm.split(' ')[1]) * 4096) / (1024 * 1024);
}

export function runContained(
  script: string,
  args: readonly string[],
  input: Readable,
  limits: TContainedLimits,
  /** Hears the answer as it comes (a long conversion reports its progress this way). */
  onOutput?: (chunk: Buffer) => void,
): Promise<TContainedResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${limits.maxHeapMb}`, script, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
    });
    let verdict: { reason: TContainedFailure; detail: string } | undefined;
    const stop = (reason: TContainedFailure, detail: string) => {
      verdict ??= { reason, detail };
      child.kill('SIGKILL');
    };
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, CHILD_NICENESS);
      } catch {
        // Not permitted here: the limits still hold.
      }
    }

    const timer = setTimeout(() => stop('time', `no answer within ${limits.timeoutMs} ms`), limits.timeoutMs);
    const canReadRss = process.platform === 'linux';
    const watcher = setInterval(() => {
      if (!canReadRss || child.pid === undefined || child.exitCode !== null) return;
      residentMb(child.pid).then(
        (mb) => {
          if (mb > limits.maxRssMb) stop('memory', `resident memory passed ${limits.maxRssMb} MB`);
        },
        () => {},
      );
    }, RSS_POLL_MS);

    const output: Buffer[] = [];
    let outputBytes = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      outputBytes += chunk.length;
      if (outputBytes > limits.maxOutputBytes) stop('output', `answered more than ${limits.maxOutputBytes} bytes`);
      else {
        output.push(chunk);
        onOutput?.(chunk);
      }
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_KEPT_BYTES) stderr += chunk.toString('utf8').slice(0, STDERR_KEPT_BYTES);
    });

    // A child that stops reading (it failed, or was killed) ends the copy; its exit says why.
    pipeline(input, child.stdin).catch(() => input.destroy());

    child.once('error', (error) => stop('unreadable', error.message));
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(watcher);
      const lastLine = stderr.trim().split('\n').at(-1) ?? '';
      if (verdict) return resolve({ ok: false, ...verdict });
      if (code === 0) return resolve({ ok: true, output: Buffer.concat(output) });
      if (code === CONTAINED_EXIT.pixelLimit) return resolve({ ok: false, reason: 'pixels', detail: lastLine });
      // V8 aborts when the heap limit is reached.
      if (/heap limit|out of memory/i.test(stderr)) {
        return resolve({ ok: false, reason: 'memory', detail: `heap passed ${limits.maxHeapMb} MB` });
      }
      resolve({ ok: false, reason: 'unreadable', detail: lastLine || `ended by ${signal ?? code}` });
    });
  });
}

import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { captureRequestBody, idempotencyKey } from './capture-request.ts';

/**
 * The load generator. It runs in a child process (see load.ts) so that the server under test and
 * the client do not share an event loop: client-side delays would otherwise read as server latency.
 */

export type TLoadTarget = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Keep-alive connections, each with one request in flight at a time. */
  connections: number;
  /** POST only: request i sends a capture request whose key and e-mail derive from prefix and i. */
  prefix?: string;
  /** Send exactly these request indices (a replay); otherwise indices count up from 0. */
  indices?: number[];
  /** Pause between the requests of one connection. */
  pauseMs?: number;
  /** Sent with every request, e.g. a session cookie. */
  headers?: Record<string, string>;
};

export type TLoadJob = {
  baseUrl: string;
  timeoutMs: number;
  /** Per target: a number of requests (or all `indices`), or every connection loops for a duration. */
  stop: { requests: number } | { durationMs: number };
  targets: TLoadTarget[];
};

export type TSample = {
  index: number;
  /** When the request was sent (performance.now() of the load generator). */
  sentAt: number;
  /** HTTP status, or 0 when no answer came (see error). */
  status: number;
  ms: number;
  /** The `id` of a JSON answer, when it has one. */
  id?: string;
  /** The Retry-After header of a 503, when it has one. */
  retryAfter?: string;
  error?: string;
  /**
   * A request that opened a new connection: ms until it was connected, or null when it never was
   * (a timeout or error while connecting). Absent on a reused keep-alive connection.
   */
  connectMs?: number | null;
};

export type TTargetResult = { name: string; elapsedMs: number; samples: TSample[] };

function send(agent: http.Agent, url: URL, target: TLoadTarget, index: number, timeoutMs: number): Promise<TSample> {
  const body =
    target.method === 'POST' && target.prefix ? JSON.stringify(captureRequestBody(target.prefix, index)) : undefined;
  const headers: http.OutgoingHttpHeaders = { accept: 'application/json', ...target.headers };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(body);
    headers['idempotency-key'] = idempotencyKey(target.prefix!, index);
  }
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  // undefined: a reused connection; null: a new one, not connected (yet).
  let connectMs: number | null | undefined;
  return new Promise((resolve) => {
    const done = (sample: Omit<TSample, 'index' | 'ms' | 'sentAt'>) =>
      resolve({
        index,
        sentAt: started,
        ms: performance.now() - started,
        ...(connectMs !== undefined ? { connectMs } : {}),
        ...sample,
      });
    // An abort mid-answer surfaces as a response error: it is still the timeout.
    const failed = (error: Error) =>
      done({ status: 0, error: signal.aborted ? 'timeout' : ((error as NodeJS.ErrnoException).code ?? error.message) });
    const request = http.request(url, { method: target.method, agent, headers, signal });
    request.once('socket', (socket) => {
      if (!socket.connecting) return;
      connectMs = null;
      socket.once('connect', () => {
        connectMs = performance.now() - started;
      });
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', failed);
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        const retryAfter = response.headers['retry-after'];
        const answer = { status, ...(retryAfter !== undefined ? { retryAfter } : {}) };
        try {
          const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: unknown };
          done(typeof parsed.id === 'string' ? { ...answer, id: parsed.id } : answer);
        } catch {
          done(answer);
        }
      });
    });
    request.on('error', failed);
    request.end(body);
  });
}

async function runTarget(job: TLoadJob, target: TLoadTarget): Promise<TTargetResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: target.connections });
  const url = new URL(target.path, job.baseUrl);
  const total = target.indices?.length ?? ('requests' in job.stop ? job.stop.requests : Number.POSITIVE_INFINITY);
  const deadline = 'durationMs' in job.stop ? performance.now() + job.stop.durationMs : Number.POSITIVE_INFINITY;
  const samples: TSample[] = [];
  let next = 0;
  const started = performance.now();
  const connection = async () => {
    while (next < total && performance.now() < deadline) {
      const position = next++;
      samples.push(await send(agent, url, target, target.indices?.[position] ?? position, job.timeoutMs));
      if (target.pauseMs) await new Promise((resolve) => setTimeout(resolve, target.pauseMs));
    }
  };
  await Promise.all(Array.from({ length: target.connections }, connection));
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return { name: target.name, elapsedMs, samples };
}

export async function runLoadJob(job: TLoadJob): Promise<TTargetResult[]> {
  return Promise.all(job.targets.map((target) => runTarget(job, target)));
}

// As a child process: one job in, its results out.
if (process.send) {
  // The bench that started this process is gone: stop loading its server.
  process.once('disconnect', () => process.exit(1));
  process.once('message', (job: TLoadJob) => {
    runLoadJob(job).then(
      (results) => process.send!({ results }, () => process.exit(0)),
      (error: unknown) => process.send!({ error: String(error) }, () => process.exit(1)),
    );
  });
}

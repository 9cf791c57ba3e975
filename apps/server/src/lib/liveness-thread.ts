import { Worker } from 'node:worker_threads';

/**
 * Liveness answered from a thread of its own, on a port of its own (LIVENESS_PORT; decision 185).
 * Under overload the server's event loop spends each turn reading and shedding the requests of
 * every open connection, so anything it answers, `/api/health/live` included, waits for the turn
 * to end: at 1,000 connections that reached p99 130 ms and more. This thread's loop does nothing
 * else, so it answers at once whatever the main loop's queue.
 *
 * It still says how the server is: the main loop stamps a shared clock every HEARTBEAT_MS, and the
 * thread answers 503 once the stamp is older than `maxStallMs` (the loop stalled: a hung handler,
 * a runaway parse), so a load balancer restarts a hung process as it would one that is gone.
 */

const HEARTBEAT_MS = 100;

/** Plain JavaScript, run with `eval`: no file of its own for the server's build to bundle. */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const heartbeat = new BigInt64Array(workerData.heartbeat);
const json = (response, status, body, headers = {}) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  response.end(JSON.stringify(body));
};
const server = http.createServer((request, response) => {
  const path = (request.url || '').split('?')[0];
  if ((request.method !== 'GET' && request.method !== 'HEAD') || (path !== '/api/health/live' && path !== '/')) {
    return json(response, 404, { error: { code: 'not_found', message: 'Only GET /api/health/live is served here.' } });
  }
  const stalledMs = Date.now() - Number(Atomics.load(heartbeat, 0));
  if (stalledMs > workerData.maxStallMs) {
    return json(
      response,
      503,
      { error: { code: 'unavailable', message: 'The server has not turned its event loop for ' + stalledMs + ' ms.' } },
      { 'retry-after': '1' },
    );
  }
  json(response, 200, { status: 'live', uptimeSeconds: Math.round(process.uptime()) });
});
server.keepAliveTimeout = 65000;
server.on('error', (error) => parentPort.postMessage({ error: error.message, code: error.code }));
parentPort.on('message', (message) => {
  if (message === 'close') {
    server.closeAllConnections();
    server.close(() => parentPort.postMessage({ closed: true }));
  }
});
server.listen(workerData.port, workerData.host, () => parentPort.postMessage({ port: server.address().port }));
`;

export type TLivenessThread = { readonly port: number; close(): Promise<void> };

export async function startLivenessThread(options: {
  port: number;
  host: string;
  /** The main loop may go this long without a turn before liveness answers 503. */
  maxStallMs: number;
}): Promise<TLivenessThread> {
  const heartbeat = new BigInt64Array(new SharedArrayBuffer(8));
  const beat = () => Atomics.store(heartbeat, 0, BigInt(Date.now()));
  beat();
  const ticker = setInterval(beat, HEARTBEAT_MS);
  ticker.unref();
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { heartbeat: heartbeat.buffer, port: options.port, host: options.host, maxStallMs: options.maxStallMs },
  });
  worker.unref();
  try {
    const port = await new Promise<number>((resolve, reject) => {
      worker.once('message', (message: { port?: number; error?: string; code?: string }) => {
        if (message.port !== undefined) resolve(message.port);
        else reject(Object.assign(new Error(`LIVENESS_PORT: ${message.error}`), { code: message.code }));
      });
      worker.once('error', reject);
    });
    return {
      port,
      async close() {
        clearInterval(ticker);
        const closed = new Promise((resolve) => worker.once('message', resolve));
        worker.postMessage('close');
        await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000))]);
        await worker.terminate();
      },
    };
  } catch (error) {
    clearInterval(ticker);
    await worker.terminate();
    throw error;
  }
}

import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.ts';

/**
 * Back-pressure: a request the server cannot serve soon is answered 503 with Retry-After at once,
 * instead of queueing until the client times out. Two signals, because they rise on different
 * databases (decision 073):
 *
 * - requests in flight, for PostgreSQL, where requests wait on the pool side by side, and for
 *   PGlite, which runs in its own thread (decision 110) so its requests wait side by side too;
 * - how long the event loop has been busy without a pause, for any stall of the server's own
 *   thread: while it is busy the backlog waits in the kernel, unseen by the in-flight count. A
 *   request read after the loop has been busy for `maxBusyMs` has waited at least that long, so
 *   it is shed, and the backlog drains at the cost of a 503 each.
 *
 * While the server shuts down, requests still arriving on open connections get the same 503 in
 * our error shape (Fastify's own has neither our shape nor Retry-After), and a request served
 * meanwhile ends its connection with its answer, so the server stops as soon as it is done.
 * Health checks are never shed: they must say how the server is, busy or not. Only API operations are shed: a page or a
 * script file costs the server about what a 503 costs, and a shed script breaks the page a user
 * already has open.
 *
 * A long-lived stream is counted while it opens (its session check and first read are ordinary
 * work), then leaves the count (`request.leaveInFlight()`) for a budget of its own: held for
 * minutes, it would otherwise take a place from ordinary requests all that time (decision 175).
 */

export type TLoadSheddingOptions = {
  maxInFlight: number;
  /** Busy time of the event loop, in milliseconds, after which new requests are shed. */
  maxBusyMs: number;
  retryAfterSeconds?: number;
  /** Route patterns under `/api/` (or the metrics path) that are never shed. */
  neverShed?: readonly string[];
};

/** Seconds a client should wait before retrying a server that is stopping (a restart, a deploy). */
const RETRY_AFTER_SHUTDOWN_SECONDS = 5;

export default fp(
  async (app: FastifyInstance, options: TLoadSheddingOptions) => {
    let inFlight = 0;
    let shuttingDown = false;
    const retryAfter = String(options.retryAfterSeconds ?? 1);
    const neverShed = new Set(options.neverShed ?? ['/api/health']);

    // A timer can only fire when the loop turns, so the time since it last fired is how long the
    // loop has been busy. Its period bounds how early a stall can be seen. It runs while the
    // server listens: only requests from sockets wait in the kernel's queue (an in-process
    // inject() has no queue, and its caller may keep the loop busy on purpose).
    let lastTurn = performance.now();
    let ticker: NodeJS.Timeout | undefined;
    const tickMs = Math.max(1, Math.min(50, Math.floor(options.maxBusyMs / 4)));
    const busyMs = () => (ticker ? performance.now() - lastTurn : 0);
    app.addHook('onListen', async () => {
      lastTurn = performance.now();
      ticker ??= setInterval(() => {
        lastTurn = performance.now();
      }, tickMs);
      ticker.unref();
    });

    app.decorate('requestsInFlight', () => inFlight);
    app.decorateRequest('leaveInFlight', null);
    app.decorate('isShuttingDown', () => shuttingDown);
    app.addHook('preClose', async () => {
      shuttingDown = true;
      // close() ends the connections idle when it begins. One busy then is kept alive after its
      // answer for the keep-alive timeout (72 s, past a deploy's grace period) and holds the
      // server open: from now on an answered connection ends at once.
      app.server.keepAliveTimeout = 1;
      app.server.keepAliveTimeoutBuffer = 0;
    });
    app.addHook('onClose', async () => {
      clearInterval(ticker);
      ticker = undefined;
    });

    app.addHook('onRequest', async (request, reply) => {
      // The matched route, not the raw URL: a query string or trailing slash must not get health shed.
      if (request.routeOptions.url !== undefined && neverShed.has(request.routeOptions.url)) return;
      if (shuttingDown) {
        reply.header('Retry-After', String(RETRY_AFTER_SHUTDOWN_SECONDS));
        return sendError(reply, 'unavailable', 'The server is restarting. Please retry shortly.');
      }
      const isApiOperation = request.url.startsWith('/api/');
      if (isApiOperation && (inFlight >= options.maxInFlight || busyMs() > options.maxBusyMs)) {
        reply.header('Retry-After', retryAfter);
        return sendError(reply, 'unavailable', 'The server is busy. Please retry shortly.');
      }
      inFlight++;
      let released = false;
      const release = () => {
        if (!released) {
          released = true;
          inFlight--;
        }
      };
      request.leaveInFlight = release;
      reply.raw.once('finish', release);
      reply.raw.once('close', release);
    });
  },
  { name: 'load-shedding' },
);

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface FastifyInstance {
    requestsInFlight(): number;
    /** True from the moment close() begins: readiness says so and new requests get 503. */
    isShuttingDown(): boolean;
  }
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface FastifyRequest {
    /** Takes a request that stays open (a stream) out of the in-flight count; null when it was never counted. */
    leaveInFlight: (() => void) | null;
  }
}

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.ts';

/**
 * Back-pressure: above a number of requests in flight, new ones are answered 503 with Retry-After
 * at once instead of queueing until the client times out (the embedded database runs one
 * statement at a time). Health checks are never shed.
 */
export default fp(
  async (app: FastifyInstance, options: { maxInFlight: number; retryAfterSeconds?: number }) => {
    let inFlight = 0;
    const retryAfter = String(options.retryAfterSeconds ?? 1);
    app.decorate('requestsInFlight', () => inFlight);
    app.addHook('onRequest', async (request, reply) => {
      // The matched route, not the raw URL: a query string or trailing slash must not get health shed.
      if (inFlight >= options.maxInFlight && request.routeOptions.url !== '/api/health') {
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
  }
}

import { performance } from 'node:perf_hooks';
import type { TSample } from './load.ts';

/**
 * Probes `/api/health/live` every `everyMs` from the calling process until stopped, as a load
 * balancer would, over one kept-alive connection; resolves to the samples. Run it from a quiet
 * process (the bench's own, not the busy load generator), so its figures are the server's.
 */
export function probeLiveness(baseUrl: string, options: { everyMs: number; timeoutMs: number }) {
  const samples: TSample[] = [];
  let stopped = false;
  const done = (async () => {
    for (let index = 0; !stopped; index++) {
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}/api/health/live`, { signal: AbortSignal.timeout(options.timeoutMs) });
        await response.arrayBuffer();
        samples.push({ index, sentAt: started, status: response.status, ms: performance.now() - started });
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        samples.push({
          index,
          sentAt: started,
          status: 0,
          ms: performance.now() - started,
          error: timedOut ? 'timeout' : String(error),
        });
      }
      await new Promise((resolve) => setTimeout(resolve, options.everyMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      return samples;
    },
  };
}

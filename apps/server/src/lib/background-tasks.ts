import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * Work that starts only once a response has gone out, so how long it takes (or whether there was
 * anything to do) cannot show in the response. The app waits for it before closing; tests wait
 * for it with `idle()`.
 */
export type TBackgroundTasks = ReturnType<typeof createBackgroundTasks>;

export function createBackgroundTasks(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    afterResponse(reply: FastifyReply, name: string, task: () => Promise<unknown>) {
      let start = () => {};
      const started = new Promise<void>((resolve) => {
        start = () => setImmediate(resolve);
      });
      const done: Promise<void> = started
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error, task: name }, 'background task failed'),
        )
        .finally(() => pending.delete(done));
      pending.add(done);
      // 'close' also comes when the client went away before the end; the work is still owed.
      reply.raw.once('finish', start);
      reply.raw.once('close', start);
    },
    /** Tasks scheduled and not finished (a test sees work still owed once a response is out). */
    pendingCount() {
      return pending.size;
    },
    /** Resolves when every task scheduled so far (and any they scheduled) has finished. */
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

/**
 * The loop every periodic worker runs: one pass at a time, the next one `intervalMs` after the
 * last ended. `start()` runs a pass now (a restarted instance catches up) and then keeps the
 * schedule; `kick()` runs a pass now, or joins the one running, and resolves with its result;
 * `stop()` ends the schedule and waits for the pass in progress, which can end early by asking
 * `isStopping()` between its batches.
 */
export function createPollingLoop<T>(pass: (isStopping: () => boolean) => Promise<T>, intervalMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;
  let stopped = false;
  const isStopping = () => stopped;

  function run(): Promise<T> {
    if (!running) {
      running = pass(isStopping).finally(() => {
        running = undefined;
      });
    }
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void run().finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    start() {
      stopped = false;
      void run().finally(schedule);
    },
    kick: run,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

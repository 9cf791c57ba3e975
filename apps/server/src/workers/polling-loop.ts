import type { FastifyBaseLogger } from 'fastify';

type TPollingLoopOptions = {
  /** Whether `start()` runs a pass at once (a restarted instance catches up) or one interval later. */
  passOnStart?: boolean;
  /** How long `soon()` waits: a burst of commits in that time is served by one pass. */
  soonDelayMs?: number;
};

/** A tenth of a second: short enough to feel immediate, long enough to gather a burst of commits. */
const DEFAULT_SOON_DELAY_MS = 100;

/**
 * The loop every background worker runs: one pass at a time, the next one `intervalMs` after the
 * last ended.
 * - `start()` runs a pass now (unless `passOnStart` is false) and then keeps the schedule.
 * - `kick()` runs a pass now, or joins the one running, and resolves with its result.
 * - `catchUp()` makes sure a pass starts after this call: when one is running it runs once more.
 *   Work committed while a pass reads is then never left for the next interval.
 * - `soon()` is what a commit that queued work calls: a `catchUp()` after `soonDelayMs`, shared by
 *   every call until it fires, and only while the loop is started.
 * - `stop()` ends the schedule and waits for the pass in progress, which can end early by asking
 *   `isStopping()` between its batches; with `waitMs` it waits no longer and resolves false.
 */
export function createPollingLoop<T>(
  pass: (isStopping: () => boolean) => Promise<T>,
  intervalMs: number,
  options: TPollingLoopOptions = {},
) {
  const soonDelayMs = options.soonDelayMs ?? DEFAULT_SOON_DELAY_MS;
  let timer: NodeJS.Timeout | undefined;
  let soonTimer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;
  let again = false;
  let started = false;
  let stopped = false;
  const isStopping = () => stopped;

  function run(): Promise<T> {
    if (!running) {
      running = (async () => {
        let result: T;
        do {
          again = false;
          result = await pass(isStopping);
        } while (again && !stopped);
        return result;
      })().finally(() => {
        running = undefined;
      });
    }
    return running;
  }

  function catchUp(): Promise<T> {
    if (running) again = true;
    return run();
  }

  function schedule() {
    if (!started) return;
    timer = setTimeout(() => {
      void run().finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    start() {
      started = true;
      stopped = false;
      if (options.passOnStart === false) schedule();
      else void run().finally(schedule);
    },
    kick: run,
    catchUp,
    soon() {
      if (!started || soonTimer) return;
      soonTimer = setTimeout(() => {
        soonTimer = undefined;
        void catchUp();
      }, soonDelayMs);
      soonTimer.unref();
    },
    isStopping,
    /** Resolves true once the pass in progress ended, false when `waitMs` passed first. */
    async stop({ waitMs }: { waitMs?: number } = {}): Promise<boolean> {
      started = false;
      stopped = true;
      clearTimeout(timer);
      clearTimeout(soonTimer);
      soonTimer = undefined;
      if (!running) return true;
      const ended = running.then(
        () => true,
        () => true,
      );
      if (waitMs === undefined) return ended;
      let giveUp: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        ended,
        new Promise<boolean>((resolve) => {
          giveUp = setTimeout(() => resolve(false), waitMs);
        }),
      ]);
      clearTimeout(giveUp);
      return outcome;
    },
  };
}

export type TPollingLoop<T> = ReturnType<typeof createPollingLoop<T>>;

/** How often a batch loop passes, and how many items each of its batches takes. */
export type TBatchLoopOptions = { pollIntervalMs: number; batchSize: number };

/**
 * Runs `batch` with `batchSize` until one handles fewer items, or the loop is stopping; resolves
 * with how many it handled in all (a failed batch rejects).
 */
export async function inBatches(
  batch: (limit: number) => Promise<number>,
  batchSize: number,
  isStopping: () => boolean,
) {
  let total = 0;
  for (;;) {
    const handled = await batch(batchSize);
    total += handled;
    if (handled < batchSize || isStopping()) return total;
  }
}

/**
 * A worker whose pass is one duty done in batches (expire offers, approve deliveries, advance the
 * cascades, send reminders): `kick()` runs a pass now and resolves with how many items it handled;
 * `stop()` waits for the pass in progress. A pass that handled any logs `messages.done` with the
 * count as `messages.count`; a failed one logs `messages.failed` and resolves with what its earlier
 * batches handled.
 */
export function createBatchLoop(deps: {
  runBatch: (limit: number) => Promise<number>;
  log: FastifyBaseLogger;
  options: TBatchLoopOptions;
  messages: { count: string; done: string; failed: string };
}) {
  const { log, options, messages } = deps;
  return createPollingLoop(async (isStopping) => {
    let total = 0;
    try {
      for (;;) {
        const handled = await deps.runBatch(options.batchSize);
        total += handled;
        if (handled < options.batchSize || isStopping()) break;
      }
      if (total > 0) log.info({ [messages.count]: total }, messages.done);
    } catch (error) {
      log.error({ err: error }, messages.failed);
    }
    return total;
  }, options.pollIntervalMs);
}

export type TBatchLoop = ReturnType<typeof createBatchLoop>;

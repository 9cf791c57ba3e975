import type { Redis } from 'ioredis';

/**
 * Counts hits per key in fixed windows: in memory, or in Redis when instances must share counts.
 * A hit that cannot reach Redis is counted in this instance's memory instead (decision 077): a
 * broken cache must neither lock everybody out nor lift the limit.
 *
 * `undo` takes back one hit of the current window (a reservation that turned out not to count, such
 * as a sign-in attempt that succeeded); `reset` forgets the key. Counting first and taking back
 * afterwards keeps the bound under concurrency: a check followed by a later count would let a
 * burst through.
 */
export type TLimiter = {
  hit(key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /**
   * Whether a key has used up its window, without counting: for limits on failures, counted only
   * once an attempt failed (wrong API keys), so good attempts never use the budget up.
   */
  peek(key: string): Promise<{ exhausted: boolean; retryAfterSeconds: number }>;
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
};

/** Decrements only a key that still exists, so an expired window is not revived without a TTL. */
const UNDO_SCRIPT = "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0";

export function createLimiter(options: {
  max: number;
  windowMs: number;
  prefix: string;
  redis?: Redis;
  clock?: () => number;
}): TLimiter {
  const local = createMemoryLimiter(options.max, options.windowMs, options.clock ?? Date.now);
  if (options.redis) {
    const redis = options.redis;
    const keyOf = (key: string) => `${options.prefix}:${key}`;
    return {
      async hit(key) {
        const redisKey = keyOf(key);
        try {
          const results = await redis.multi().incr(redisKey).pttl(redisKey).exec();
          const count = Number(results?.[0]?.[1] ?? 0);
          let ttl = Number(results?.[1]?.[1] ?? -1);
          if (ttl < 0) {
            await redis.pexpire(redisKey, options.windowMs);
            ttl = options.windowMs;
          }
          return { allowed: count <= options.max, retryAfterSeconds: Math.ceil(ttl / 1000) };
        } catch {
          return local.hit(key);
        }
      },
      async peek(key) {
        try {
          const results = await redis.multi().get(keyOf(key)).pttl(keyOf(key)).exec();
          const count = Number(results?.[0]?.[1] ?? 0);
          const ttl = Number(results?.[1]?.[1] ?? -1);
          return { exhausted: count >= options.max && ttl > 0, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
        } catch {
          return local.peek(key);
        }
      },
      async undo(key) {
        await local.undo(key);
        try {
          await redis.eval(UNDO_SCRIPT, 1, keyOf(key));
        } catch {
          // Redis away: the local count above was the one to take back.
        }
      },
      async reset(key) {
        await local.reset(key);
        try {
          await redis.del(keyOf(key));
        } catch {
          // Redis away: nothing stored there to forget.
        }
      },
    };
  }
  return local;
}

function createMemoryLimiter(max: number, windowMs: number, clock: () => number): TLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key) {
      const now = clock();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
        if (windows.size > 100_000) {
          for (const [storedKey, stored] of windows) if (stored.resetAt <= now) windows.delete(storedKey);
        }
      }
      window.count++;
      return { allowed: window.count <= max, retryAfterSeconds: Math.ceil((window.resetAt - now) / 1000) };
    },
    async peek(key) {
      const now = clock();
      const window = windows.get(key);
      if (!window || window.resetAt <= now) return { exhausted: false, retryAfterSeconds: 0 };
      return { exhausted: window.count >= max, retryAfterSeconds: Math.ceil((window.resetAt - now) / 1000) };
    },
    async undo(key) {
      const window = windows.get(key);
      if (window && window.resetAt > clock() && window.count > 0) window.count--;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

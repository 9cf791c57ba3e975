import type { Redis } from 'ioredis';

/**
 * Counts hits per key in fixed windows: in memory, or in Redis when instances must share counts.
 * If Redis fails the hit is allowed (and logged by the caller's Redis error handler): a broken cache
 * must not lock everybody out.
 */
export type TLimiter = {
  hit(key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
};

export function createLimiter(options: {
  max: number;
  windowMs: number;
  prefix: string;
  redis?: Redis;
  clock?: () => number;
}): TLimiter {
  const clock = options.clock ?? Date.now;
  if (options.redis) {
    const redis = options.redis;
    return {
      async hit(key) {
        const redisKey = `${options.prefix}:${key}`;
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
          return { allowed: true, retryAfterSeconds: 0 };
        }
      },
    };
  }
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key) {
      const now = clock();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + options.windowMs };
        windows.set(key, window);
        if (windows.size > 100_000) {
          for (const [storedKey, stored] of windows) if (stored.resetAt <= now) windows.delete(storedKey);
        }
      }
      window.count++;
      return { allowed: window.count <= options.max, retryAfterSeconds: Math.ceil((window.resetAt - now) / 1000) };
    },
  };
}

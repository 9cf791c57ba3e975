import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';

/**
 * Rate limits shared through Redis, limited locally while Redis is away (decision 077). A broken
 * cache must neither slow every limited request down nor lift the limits: the Redis client fails
 * fast (no offline queue, a short command timeout), and each count that cannot reach Redis is
 * made in this instance's memory instead, so a client is still held to the limit per instance.
 */

/** The Redis client for rate limits: answers within a fraction of a second or fails. */
export function createRateLimitRedis(url: string, onUnavailable: (error: Error) => void, onBack: () => void) {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 300,
    connectTimeout: 1000,
    // Reconnect with back-off, at most every 5 s, for as long as it takes.
    retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
  });
  let away = false;
  redis.on('error', (error) => {
    if (!away) onUnavailable(error);
    away = true;
  });
  redis.on('ready', () => {
    if (away) onBack();
    away = false;
  });
  return redis;
}

type TStore = FastifyRateLimitStore;
type TStoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => TStore;

const load = createRequire(import.meta.url);
const RedisStore = load('@fastify/rate-limit/store/RedisStore.js') as TStoreClass;
const LocalStore = load('@fastify/rate-limit/store/LocalStore.js') as TStoreClass;

function withLocalFallback(shared: TStore, local: TStore, onFallback: (error: Error) => void): TStore {
  return {
    incr(key, callback, timeWindow, max) {
      shared.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          onFallback(error);
          local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    },
    child(routeOptions) {
      return withLocalFallback(shared.child(routeOptions), local.child(routeOptions), onFallback);
    },
  };
}

/** A `store` for @fastify/rate-limit: counts in Redis, and in memory for as long as Redis fails. */
export function redisStoreWithLocalFallback(
  redis: Redis,
  nameSpace: string,
  onFallback: (error: Error) => void = () => {},
) {
  // Constructed with `new` by the plugin; returning an object from a constructor yields that object.
  return function RedisWithLocalFallbackStore(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
    return withLocalFallback(
      new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace),
      new LocalStore(params.continueExceeding, params.exponentialBackoff),
      onFallback,
    );
  } as unknown as FastifyRateLimitStoreCtor;
}

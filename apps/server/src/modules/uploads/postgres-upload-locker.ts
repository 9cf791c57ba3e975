import { createHash } from 'node:crypto';
import { handleConnectionErrors } from '@spacecapture/db/client';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

const RELEASE_CHANNEL = 'spacecapture_upload_release';
const RETRY_MS = 100;
/** Back-off between attempts to listen again after the listening connection was lost. */
const RELISTEN_FIRST_DELAY_MS = 100;
const RELISTEN_MAX_DELAY_MS = 5_000;
const CONNECT_TIMEOUT_MS = 5_000;

type TLockerLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;
const silentLog: TLockerLog = { info: () => undefined, warn: () => undefined };

/** Two 32-bit keys of an advisory lock, from the upload id (collisions only make two uploads wait). */
function lockKeys(id: string): [number, number] {
  const digest = createHash('sha256').update(`upload:${id}`).digest();
  return [digest.readInt32BE(0), digest.readInt32BE(4)];
}

/**
 * tus's locker across instances (decision 045): a request on an upload holds a PostgreSQL
 * session advisory lock on a connection of its own for as long as it writes. A request that finds
 * the lock taken asks the holder, on whichever instance, to let go (NOTIFY; the holder cancels its
 * request, as tus's memory locker does in one process) and tries again until the timeout. A
 * crashed instance's locks end with its connections.
 *
 * Lost connections (decision 071): the listening connection is re-established with back-off and
 * listens again; a lock whose connection is lost is lost too (the session that held it is gone),
 * so its holder is asked to stop as if another request had asked.
 */
export function createPostgresUploadLocker(
  url: string,
  options: { poolSize?: number; acquireTimeoutMs?: number; log?: TLockerLog } = {},
): Locker & { close(): Promise<void> } {
  const log = options.log ?? silentLog;
  // Connections of their own: a long PATCH must not hold one of the app's query connections.
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 64,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  handleConnectionErrors(pool, (error) => log.warn({ err: error }, 'upload locker: database connection lost'));
  const timeoutMs = options.acquireTimeoutMs ?? 30_000;
  const holders = new Map<string, RequestRelease>();

  let closed = false;
  let listener: pg.Client | undefined;
  let relistenTimer: NodeJS.Timeout | undefined;
  let relistenDelayMs = RELISTEN_FIRST_DELAY_MS;

  /** Connects a new listening connection; on failure, tries again later. Never rejects. */
  async function listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    listener = client;
    client.on('notification', (message) => {
      const release = message.payload ? holders.get(message.payload) : undefined;
      if (release) void release();
    });
    client.on('error', (error) => {
      log.warn({ err: error }, 'upload locker: listening connection lost; listening again');
      listenAgainLater(client);
    });
    client.on('end', () => listenAgainLater(client));
    try {
      await client.connect();
      await client.query(`listen ${RELEASE_CHANNEL}`);
      if (relistenDelayMs > RELISTEN_FIRST_DELAY_MS) log.info('upload locker: listening again');
      relistenDelayMs = RELISTEN_FIRST_DELAY_MS;
    } catch (error) {
      log.warn({ err: error, retryInMs: relistenDelayMs }, 'upload locker: cannot listen for lock releases yet');
      listenAgainLater(client);
    }
  }

  /** Drops a lost listening connection (once, whichever of its events comes first) and schedules a new one. */
  function listenAgainLater(client: pg.Client) {
    if (closed || client !== listener) return;
    listener = undefined;
    client.end().catch(() => undefined);
    relistenTimer = setTimeout(() => {
      listening = listen();
    }, relistenDelayMs);
    relistenDelayMs = Math.min(relistenDelayMs * 2, RELISTEN_MAX_DELAY_MS);
  }

  // The first lock waits for the first attempt to listen, so a release asked right after is heard.
  let listening = listen();

  return {
    newLock(id: string): Lock {
      const [high, low] = lockKeys(id);
      let connection: pg.PoolClient | null = null;
      let onConnectionLost: (() => void) | null = null;
      return {
        async lock(signal, requestRelease) {
          await listening;
          const client = await pool.connect();
          const deadline = Date.now() + timeoutMs;
          try {
            for (;;) {
              const { rows } = await client.query<{ locked: boolean }>(
                'select pg_try_advisory_lock($1, $2) as locked',
                [high, low],
              );
              if (rows[0]?.locked) break;
              await client.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, id]);
              if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
              await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
            }
          } catch (error) {
            client.release(error instanceof Error ? error : undefined);
            throw error;
          }
          connection = client;
          holders.set(id, requestRelease);
          // The session that held the lock is gone, and with it the lock: the holder must stop.
          onConnectionLost = () => {
            log.warn({ uploadId: id }, 'upload locker: lock lost with its connection; stopping its request');
            void requestRelease();
          };
          client.once('error', onConnectionLost);
        },
        async unlock() {
          if (connection) holders.delete(id);
          const client = connection;
          connection = null;
          if (!client) return;
          if (onConnectionLost) client.removeListener('error', onConnectionLost);
          onConnectionLost = null;
          try {
            await client.query('select pg_advisory_unlock($1, $2)', [high, low]);
            client.release();
          } catch (error) {
            // A connection that cannot unlock is dropped; ending the session frees its locks.
            client.release(error instanceof Error ? error : true);
          }
        },
      };
    },
    async close() {
      closed = true;
      clearTimeout(relistenTimer);
      await listening;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

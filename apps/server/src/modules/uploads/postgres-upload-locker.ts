import { createHash } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import pg from 'pg';

const RELEASE_CHANNEL = 'spacecapture_upload_release';
const RETRY_MS = 100;

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
 */
export function createPostgresUploadLocker(
  url: string,
  options: { poolSize?: number; acquireTimeoutMs?: number } = {},
): Locker & { close(): Promise<void> } {
  // Connections of their own: a long PATCH must not hold one of the app's query connections.
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 64 });
  pool.on('error', () => undefined);
  const timeoutMs = options.acquireTimeoutMs ?? 30_000;
  const holders = new Map<string, RequestRelease>();
  let listener: pg.PoolClient | null = null;
  const listening = (async () => {
    const client = await pool.connect();
    client.on('notification', (message) => {
      const release = message.payload ? holders.get(message.payload) : undefined;
      if (release) void release();
    });
    await client.query(`listen ${RELEASE_CHANNEL}`);
    listener = client;
  })();
  listening.catch(() => undefined);

  return {
    newLock(id: string): Lock {
      const [high, low] = lockKeys(id);
      let connection: pg.PoolClient | null = null;
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
            client.release();
            throw error;
          }
          connection = client;
          holders.set(id, requestRelease);
        },
        async unlock() {
          holders.delete(id);
          const client = connection;
          connection = null;
          if (!client) return;
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
      await listening.catch(() => undefined);
      listener?.release();
      await pool.end();
    },
  };
}

import pg from 'pg';
import type { TDatabase } from './client.ts';

/** Back-off between attempts to listen again after the listening connection was lost. */
const RELISTEN_FIRST_DELAY_MS = 100;
const RELISTEN_MAX_DELAY_MS = 5_000;
const CONNECT_TIMEOUT_MS = 5_000;

/** What PGlite offers to listen with, in the server's thread or its own (pglite-thread.ts). */
type TEmbeddedListening = {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  readonly closed: boolean;
};

export type TListenerLog = { info(message: string): void; warn(details: object, message: string): void };
const silentLog: TListenerLog = { info: () => undefined, warn: () => undefined };

export type TChannelListener = {
  /** Settles once the first attempt to listen is over (listening or retrying). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
};

/**
 * Hears `channel` (NOTIFY, sent when the writing transaction commits) and calls `onPayload` with
 * each payload. On PostgreSQL a connection of its own listens (a pooled connection may go back to
 * the pool and stop hearing), and is re-established with back-off when it is lost, as the upload
 * locker's is (decision 071); `onResumed` is called after each new connection listens, since
 * notifications sent while nobody listened are gone. On PGlite the one in-process database
 * delivers them itself.
 */
export function listenToChannel(
  db: TDatabase,
  channel: string,
  onPayload: (payload: string) => void,
  options: { onResumed?: () => void; log?: TListenerLog } = {},
): TChannelListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  const log = options.log ?? silentLog;
  // The driver's own client: PGlite's instance, or node-postgres's pool.
  const driver = (db as unknown as { $client: TEmbeddedListening | pg.Pool }).$client;
  if (!(driver instanceof pg.Pool)) {
    const client = driver;
    const unsubscribe = client.listen(channel, onPayload);
    return {
      ready: unsubscribe.then(() => undefined),
      async close() {
        if (client.closed) return;
        await (await unsubscribe)();
      },
    };
  }

  // The pool keeps the settings it was made with; a connection of our own uses the same.
  const poolOptions = (driver as unknown as { options: pg.ClientConfig }).options;
  let closed = false;
  let listener: pg.Client | undefined;
  let relistenTimer: NodeJS.Timeout | undefined;
  let relistenDelayMs = RELISTEN_FIRST_DELAY_MS;
  let hasListened = false;

  async function listen(): Promise<void> {
    const client = new pg.Client({ ...poolOptions, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    listener = client;
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    client.on('error', (error) => {
      log.warn({ err: error, channel }, 'listener: connection lost; listening again');
      listenAgainLater(client);
    });
    client.on('end', () => listenAgainLater(client));
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
      if (closed) {
        await client.end().catch(() => undefined);
        return;
      }
      if (hasListened) {
        log.info(`listener: listening on ${channel} again`);
        options.onResumed?.();
      }
      hasListened = true;
      relistenDelayMs = RELISTEN_FIRST_DELAY_MS;
    } catch (error) {
      log.warn({ err: error, channel, retryInMs: relistenDelayMs }, 'listener: cannot listen yet');
      listenAgainLater(client);
    }
  }

  /** Drops a lost connection (once, whichever of its events comes first) and schedules a new one. */
  function listenAgainLater(client: pg.Client) {
    if (closed || client !== listener) return;
    listener = undefined;
    client.end().catch(() => undefined);
    relistenTimer = setTimeout(() => {
      void listen();
    }, relistenDelayMs);
    relistenDelayMs = Math.min(relistenDelayMs * 2, RELISTEN_MAX_DELAY_MS);
  }

  const ready = listen();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(relistenTimer);
      await ready;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}

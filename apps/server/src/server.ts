import path from 'node:path';
import type { TDatabaseHandle } from '@spacecapture/db/client';
import { DataDirLockedError } from '@spacecapture/db/embedded';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type TConfig } from './config.ts';
import { openConfiguredDatabase } from './database.ts';
import { summarizeError } from './lib/error-summary.ts';
import { ensureFirstAdmin, StartupError } from './modules/auth/first-admin.ts';
import { fillMissingPropertyKeys } from './modules/orders/orders-at-property.ts';

/**
 * Starts the app on the configured port and stops it gracefully on SIGTERM or SIGINT. A start
 * that cannot succeed exits non-zero with one line on stderr naming the variable or the cause,
 * never a stack trace (decision 079).
 */

/** Exit code of a bad configuration (sysexits' EX_CONFIG). */
const EXIT_CONFIG = 78;

function failStart(message: string, exitCode = 1): never {
  console.error(message);
  process.exit(exitCode);
}

/** Where DATABASE_URL points, without its user or password. */
function databaseLocation(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  return `${hostname}${port ? `:${port}` : ''}${pathname}`;
}

function databaseFailure(config: TConfig, error: unknown): string {
  if (error instanceof DataDirLockedError) return error.message;
  return config.databaseUrl
    ? `DATABASE_URL: cannot use the PostgreSQL database at ${databaseLocation(config.databaseUrl)}: ${summarizeError(error)}`
    : `DATA_DIR: cannot open the embedded database in ${config.dataDir}: ${summarizeError(error)}`;
}

function listenFailure(config: TConfig, error: unknown): string {
  const where = `${config.host}:${config.port}`;
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return `PORT: ${config.port} is already in use on ${config.host} (another process listens there)`;
    case 'EACCES':
      return `PORT: not allowed to listen on ${where} (ports below 1024 need privileges)`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `HOST: ${config.host} is not an address of this machine`;
    default:
      return `cannot listen on ${where} (PORT, HOST): ${summarizeError(error)}`;
  }
}

async function main() {
  let config: TConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) failStart(error.message, EXIT_CONFIG);
    throw error;
  }

  let database: TDatabaseHandle;
  try {
    database = await openConfiguredDatabase(config);
    await database.migrate();
    // Orders from before property keys (migration 0033) get theirs, computed in TypeScript (decision 237).
    await fillMissingPropertyKeys(database.db);
    // The embedded database has no autovacuum to gather planner statistics; gather them at start.
    if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
  } catch (error) {
    failStart(databaseFailure(config, error));
  }

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    // A bucket missing or refused (S3_BUCKET) is found here, before the app listens.
    app = await buildApp({ config, database });
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    console.error(error.message);
    await database.close();
    process.exit(78);
  }
  try {
    await ensureFirstAdmin({
      db: database.db,
      signUp: app.services.signUp,
      publicUrl: config.publicUrl,
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      log: app.log,
    });
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    await app.close();
    await database.close();
    failStart(error.message, EXIT_CONFIG);
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const forced = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 25_000);
    forced.unref();
    try {
      // The outbox stops claiming at once: it finishes the e-mail it is sending (at most
      // stopTimeoutMs) and hands back the rest of its batch while requests in flight finish.
      // E-mails still queued go out from the next instance or after the restart.
      const outboxStopped = app.outbox.stop();
      // close() stops accepting, waits for requests in flight, then runs onClose.
      await app.close();
      await outboxStopped;
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Close first: the embedded database's lock and the workers go before the process does.
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    failStart(listenFailure(config, error));
  }
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind,
      mail: config.smtpUrl ? 'smtp' : `.eml files in ${path.join(config.dataDir, 'mail')}`,
    },
    'SpaceCapture is running',
  );
}

try {
  await main();
} catch (error) {
  // Anything unforeseen still ends in one line; LOG_LEVEL=debug adds the stack for a bug report.
  const debugging = process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace';
  failStart(
    `Start-up failed: ${summarizeError(error)}${debugging && error instanceof Error ? `\n${error.stack}` : ' (LOG_LEVEL=debug shows the stack trace)'}`,
  );
}

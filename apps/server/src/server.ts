import type { TDatabaseHandle } from '@spacecapture/db/client';
import { DataDirLockedError } from '@spacecapture/db/embedded';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type TConfig } from './config.ts';
import { openConfiguredDatabase } from './database.ts';
import { ensureFirstAdmin, StartupError } from './modules/auth/first-admin.ts';

/** Starts the app on the configured port and stops it gracefully on SIGTERM or SIGINT. */

async function main() {
  let config: TConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }

  let database: TDatabaseHandle;
  try {
    database = await openConfiguredDatabase(config);
    await database.migrate();
    // The embedded database has no autovacuum to gather planner statistics; gather them at start.
    if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
  } catch (error) {
    console.error(error instanceof DataDirLockedError ? error.message : error);
    process.exit(1);
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
    console.error(error.message);
    await app.close();
    await database.close();
    process.exit(78);
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

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: database.kind, mail: config.smtpUrl ? 'smtp' : 'kept in outbox' },
    'SpaceCapture is running',
  );
}

await main();

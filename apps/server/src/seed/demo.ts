import { openPostgres, type TDatabaseHandle } from '@spacecapture/db/client';
import { DataDirLockedError, openEmbeddedDatabase } from '@spacecapture/db/embedded';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig, type TConfig } from '../config.ts';
import { DEMO_PASSWORD, seedDemo } from './demo-data.ts';

/**
 * `npm run seed:demo`: fills the configured database (DATA_DIR or DATABASE_URL, as the server
 * reads them) with the demo marketplace, through the app's own services with its workers off.
 * The embedded database must not be open in a running server (its folder lock says so).
 */

async function openDatabase(config: TConfig): Promise<TDatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, { poolSize: 2 }) : openEmbeddedDatabase(config.dataDir);
}

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
  const where = config.databaseUrl
    ? 'the PostgreSQL database at DATABASE_URL'
    : `the embedded database in ${config.dataDir}`;

  let database: TDatabaseHandle;
  try {
    database = await openDatabase(config);
    await database.migrate();
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`seed:demo cannot run now. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  console.info(`Seeding demo data into ${where}...`);
  const app = await buildApp({ config, database, startWorkers: false, logger: { level: 'warn' } });
  try {
    await app.ready();
    const result = await seedDemo(app);
    if (result.kind === 'already-seeded') {
      console.info(
        `Demo data is already in ${where} (seeded ${result.at.toISOString()}); nothing was changed.\n` +
          `Sign in with the demo accounts (password ${DEMO_PASSWORD}).`,
      );
      return;
    }
    if (result.kind === 'incomplete') {
      console.error(
        `${where} holds part of the demo data from an earlier run that stopped before finishing; nothing was changed.\n` +
          'Seed a fresh database instead (another DATA_DIR, or an empty database at DATABASE_URL).',
      );
      process.exitCode = 1;
      return;
    }
    console.info('\nDemo data created:');
    for (const [name, count] of Object.entries(result.counts)) console.info(`  ${name.padEnd(16)} ${count}`);
    console.info(`\nDemo accounts (password for all: ${DEMO_PASSWORD}):`);
    const width = Math.max(...result.accounts.map((account) => account.email.length));
    for (const account of result.accounts) {
      console.info(
        `  ${account.email.padEnd(width)}  ${account.role.padEnd(15)} ${account.organization ?? ''}`.trimEnd(),
      );
    }
    if (result.adminNote) console.info(`\n${result.adminNote}`);
    console.info('\nE-mails were kept in the outbox (Admin portal → Audit → E-mail outbox); none were sent.');
  } finally {
    await app.close();
    await database.close();
  }
}

await main();

import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { openPglite, openPostgres, type TDatabaseHandle } from '@spacecapture/db/client';
import { DataDirLockedError, lockDataDir, openEmbeddedDatabase } from '@spacecapture/db/embedded';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig, type TConfig } from '../config.ts';
import { syncTree, walkFiles } from '../modules/backup/backup-archive.ts';
import { DEMO_PASSWORD, seedDemo, type TDemoResult } from './demo-data.ts';

/**
 * `npm run seed:demo`: fills the configured database (DATA_DIR or DATABASE_URL, as the server
 * reads them) with the demo marketplace, through the app's own services with its workers off.
 * The embedded database must not be open in a running server (its folder lock says so).
 *
 * The seed acts through the API and services, so it cannot be one transaction. On the embedded
 * database it seeds a copy in `DATA_DIR/seed.staging` and swaps it in only once the seed has
 * succeeded, so a failure leaves DATA_DIR as it was (decision 081).
 */

async function seedWith(config: TConfig, database: TDatabaseHandle): Promise<TDemoResult> {
  const app = await buildApp({ config, database, startWorkers: false, logger: { level: 'warn' } });
  try {
    await app.ready();
    return await seedDemo(app);
  } finally {
    await app.close();
  }
}

/**
 * The embedded database: under the folder lock, the current database is copied into a staging
 * folder and seeded there (files included); on success the new files move into DATA_DIR/files and
 * the seeded database replaces the old one; on failure the staging folder is deleted.
 */
async function seedEmbedded(config: TConfig): Promise<TDemoResult> {
  // Creates and migrates the database on a first run, durably, then lets go of it.
  const current = await openEmbeddedDatabase(config.dataDir);
  try {
    await current.migrate();
  } finally {
    await current.close();
  }
  const unlock = lockDataDir(config.dataDir);
  const dbDir = path.join(config.dataDir, 'db');
  const staging = path.join(config.dataDir, 'seed.staging');
  try {
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    const source = await openPglite(dbDir);
    const dump = await source.client.dumpDataDir('none');
    await source.close();
    const staged = await openPglite(path.join(staging, 'db'), { loadDataDir: dump });
    let result: TDemoResult;
    try {
      result = await seedWith({ ...config, dataDir: staging }, staged);
    } finally {
      await staged.close();
    }
    if (result.kind !== 'seeded') return result;
    await syncTree(path.join(staging, 'db'));
    // New files first (fresh keys; an orphan file is harmless), then the database in two renames.
    const stagedFiles = path.join(staging, 'files');
    for await (const key of walkFiles(stagedFiles)) {
      const target = path.join(config.dataDir, 'files', key);
      if (existsSync(target)) continue;
      await mkdir(path.dirname(target), { recursive: true });
      await rename(path.join(stagedFiles, key), target);
    }
    const replaced = path.join(config.dataDir, 'db.replaced');
    await rm(replaced, { recursive: true, force: true });
    await rename(dbDir, replaced);
    await rename(path.join(staging, 'db'), dbDir);
    await rm(replaced, { recursive: true, force: true });
    return result;
  } finally {
    await rm(staging, { recursive: true, force: true });
    unlock();
  }
}

async function seedPostgres(config: TConfig): Promise<TDemoResult> {
  const database = await openPostgres(config.databaseUrl as string, { poolSize: 2 });
  try {
    await database.migrate();
    return await seedWith(config, database);
  } finally {
    await database.close();
  }
}

function oneLine(error: unknown) {
  return (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');
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

  console.info(`Seeding demo data into ${where}...`);
  let result: TDemoResult;
  try {
    result = config.databaseUrl ? await seedPostgres(config) : await seedEmbedded(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`seed:demo cannot run now. ${error.message}`);
    } else if (config.databaseUrl) {
      console.error(`seed:demo failed: ${oneLine(error)}`);
    } else {
      console.error(`seed:demo failed, nothing was changed: ${oneLine(error)}`);
    }
    process.exit(1);
  }
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
}

await main();

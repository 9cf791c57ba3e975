import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { openPglite, openPostgres, type TDatabaseHandle } from '@spacecapture/db/client';
import { DataDirLockedError, lockDataDir, openEmbeddedDatabase } from '@spacecapture/db/embedded';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig, type TConfig } from '../config.ts';
import { syncTree, walkFiles } from '../modules/backup/backup-archive.ts';
import type { TFileStore } from '../modules/storage/file-store.ts';
import { DEMO_PASSWORD, seedDemo, type TDemoResult } from './demo-data.ts';

/**
 * `npm run seed:demo`: fills the configured database (DATA_DIR or DATABASE_URL, as the server
 * reads them) with the demo marketplace, through the app's own services with its workers off.
 * Nothing else may use the database meanwhile: the embedded database's folder lock says so, and
 * on PostgreSQL the copy below is refused while anything else is connected.
 *
 * The seed acts through the API and services, so it cannot be one transaction. It seeds a copy
 * (of DATA_DIR/db, or of the PostgreSQL database) with its files in `DATA_DIR/seed.staging`, and
 * swaps both in only once the seed has succeeded, so a failure leaves the data as it was
 * (decision 081).
 */

/** A failed seed whose uploads could not all be removed from the file store. */
class LeftoverUploadsError extends Error {}

/**
 * A failed seed removes the uploads it started (keys the store did not hold before): in a bucket
 * (S3_*) they would otherwise stay; local ones are in the staging folder, deleted anyway.
 */
async function removeNewUploads(files: TFileStore, before: Set<string>, failure: unknown) {
  try {
    for (const key of await files.listUploads()) {
      if (before.has(key)) continue;
      // Aborts an unfinished multipart upload (refused for a finished one); then the object and its state.
      await files.uploads.remove(key).catch(() => undefined);
      await files.remove(key);
    }
  } catch (error) {
    throw new LeftoverUploadsError(
      `${oneLine(failure)}; files it uploaded may remain in the file store (${oneLine(error)})`,
    );
  }
}

async function seedWith(config: TConfig, database: TDatabaseHandle): Promise<TDemoResult> {
  const app = await buildApp({ config, database, startWorkers: false, logger: { level: 'warn' } });
  try {
    await app.ready();
    const before = new Set(await app.files.listUploads());
    try {
      return await seedDemo(app);
    } catch (error) {
      await removeNewUploads(app.files, before, error);
      throw error;
    }
  } finally {
    await app.close();
  }
}

/** The staged seed's new files move into DATA_DIR/files (fresh keys; an existing file is never replaced). */
async function adoptStagedFiles(staging: string, dataDir: string) {
  const moved: string[] = [];
  const stagedFiles = path.join(staging, 'files');
  for await (const key of walkFiles(stagedFiles)) {
    const target = path.join(dataDir, 'files', key);
    if (existsSync(target)) continue;
    await mkdir(path.dirname(target), { recursive: true });
    await rename(path.join(stagedFiles, key), target);
    moved.push(target);
  }
  return moved;
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
    // New files first (an orphan file is harmless), then the database in two renames.
    await adoptStagedFiles(staging, config.dataDir);
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

function withDatabase(url: string, name: string) {
  const next = new URL(url);
  next.pathname = `/${encodeURIComponent(name)}`;
  return next.toString();
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** PostgreSQL refuses to copy or rename a database others are connected to (object_in_use). */
function refuseInUse(target: string) {
  return (error: unknown): never => {
    if ((error as { code?: string }).code !== '55006') throw error;
    throw new Error(`the database "${target}" is in use; stop the instances that use it, then run seed:demo again.`);
  };
}

/** Runs statements in order on a connection of their own (an open transaction ends with it). */
async function runStatements(url: string, statements: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL: the database is migrated, then copied into a scratch database (`CREATE DATABASE …
 * TEMPLATE`, from the maintenance database), which is seeded with its files staged in
 * DATA_DIR/seed.staging. On success the new files move in and the two databases swap names in one
 * transaction; on failure, or when the data was already there, the scratch database is dropped.
 */
async function seedPostgres(config: TConfig): Promise<TDemoResult> {
  const url = config.databaseUrl as string;
  const current = await openPostgres(url, { poolSize: 1 });
  try {
    await current.migrate();
  } finally {
    await current.close();
  }
  const target = new pg.Client({ connectionString: url }).database as string;
  const scratch = `${target.slice(0, 40)}_seed_scratch`;
  const replaced = `${target.slice(0, 40)}_seed_replaced`;
  const maintenance = withDatabase(url, target === 'postgres' ? 'template1' : 'postgres');
  const staging = path.join(config.dataDir, 'seed.staging');
  let swapped = false;
  try {
    await rm(staging, { recursive: true, force: true });
    await runStatements(maintenance, [
      // Leftovers of a run that was killed.
      `drop database if exists ${quoted(scratch)}`,
      `drop database if exists ${quoted(replaced)}`,
      `create database ${quoted(scratch)} template ${quoted(target)}`,
    ]).catch(refuseInUse(target));
    const copy = await openPostgres(withDatabase(url, scratch), { poolSize: 2 });
    let result: TDemoResult;
    try {
      result = await seedWith({ ...config, dataDir: staging }, copy);
    } finally {
      await copy.close();
    }
    if (result.kind !== 'seeded') return result;
    // New files first; should the swap be refused, they go again.
    const moved = await adoptStagedFiles(staging, config.dataDir);
    await runStatements(maintenance, [
      'begin',
      `alter database ${quoted(target)} rename to ${quoted(replaced)}`,
      `alter database ${quoted(scratch)} rename to ${quoted(target)}`,
      'commit',
    ]).catch(async (error) => {
      for (const file of moved) await rm(file, { force: true });
      refuseInUse(target)(error);
    });
    swapped = true;
    await runStatements(maintenance, [`drop database ${quoted(replaced)}`]).catch((error) => {
      console.warn(`seed:demo: the previous database, now "${replaced}", was not dropped: ${oneLine(error)}`);
    });
    return result;
  } finally {
    if (!swapped) await runStatements(maintenance, [`drop database if exists ${quoted(scratch)}`]);
    await rm(staging, { recursive: true, force: true });
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
    } else if (error instanceof LeftoverUploadsError) {
      console.error(`seed:demo failed, the database was not changed: ${error.message}`);
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

import { execFile, spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip, createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite, openPostgres } from '@spacecapture/db/client';
import { lockDataDir, openEmbeddedDatabase } from '@spacecapture/db/embedded';
import type { TConfig } from '../../config.ts';
import { createTarWriter, readTar } from '../../lib/tar.ts';

/**
 * Backup archives (decision 080): one gzipped tar holding a manifest, the database and the files
 * folder. The embedded database is dumped by PGlite under the data folder's lock, so the copy is
 * consistent and no server runs meanwhile; on PostgreSQL `pg_dump` (one snapshot) writes it.
 *
 *   spacecapture-backup.json   what the archive holds
 *   database/pglite.tar        PGlite's own dump of its data folder, or
 *   database/postgres.dump     pg_dump --format=custom
 *   files/<key>                every file under DATA_DIR/files (absent when files are in a bucket)
 */

const MANIFEST = 'spacecapture-backup.json';
const PGLITE_ENTRY = 'database/pglite.tar';
const POSTGRES_ENTRY = 'database/postgres.dump';
const FILES_PREFIX = 'files/';

type TManifest = { format: 1; createdAt: string; database: 'pglite' | 'postgres'; files: number };

/** A refusal or failure the commands print as one line. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export type TBackupResult = { database: 'pglite' | 'postgres'; files: number; bytes: number; notes: string[] };

export async function* walkFiles(root: string, relative = ''): AsyncGenerator<string> {
  const entries = await readdir(path.join(root, relative), { withFileTypes: true }).catch((error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walkFiles(root, child);
    else if (entry.isFile()) yield child;
  }
}

/** Connection settings for pg_dump and pg_restore without the password on their command line. */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function isOnPath(command: string): Promise<boolean> {
  try {
    await promisify(execFile)(command, ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** Runs a PostgreSQL client tool; its failure becomes its own last line of stderr. */
function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else {
        const last = stderr.trim().split('\n').at(-1) ?? '';
        reject(new BackupError(`${command} failed (exit ${code}): ${last}`));
      }
    });
  });
}

/**
 * Writes the archive to `file` (through `file.partial`, renamed once complete and on disk, so a
 * failed or interrupted backup never leaves a file that looks whole). `now` is the manifest's
 * creation time, given by the caller like every other clock of the modules.
 */
export async function createBackup(config: TConfig, file: string, now: Date): Promise<TBackupResult> {
  const target = path.resolve(file);
  const filesDir = path.join(config.dataDir, 'files');
  if (existsSync(target)) throw new BackupError(`${target} already exists; choose a new name or remove it first.`);
  if (`${target}${path.sep}`.startsWith(`${filesDir}${path.sep}`)) {
    throw new BackupError(`Write the backup outside ${filesDir}, which it copies.`);
  }
  const notes: string[] = [];
  let release: () => Promise<void>;
  let database: TBackupResult['database'];
  let writeDatabase: (tar: ReturnType<typeof createTarWriter>) => Promise<void>;
  const includeFiles = !config.s3;

  if (config.databaseUrl) {
    database = 'postgres';
    if (!(await isOnPath('pg_dump'))) {
      throw new BackupError(
        'DATABASE_URL is set and pg_dump is not on PATH: back up PostgreSQL with `pg_dump --format=custom` ' +
          "(the server's major version or newer) or your provider's backups, and the files with the bucket's " +
          'versioning or a copy of DATA_DIR/files.',
      );
    }
    const tempDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-backup-'));
    release = () => rm(tempDir, { recursive: true, force: true });
    writeDatabase = async (tar) => {
      // pg_dump takes one snapshot: the dump is consistent while the instances keep running.
      const dumpFile = path.join(tempDir, 'postgres.dump');
      const { dbname, env } = libpqTarget(config.databaseUrl as string);
      await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${dumpFile}`, dbname], env);
      const { size } = await stat(dumpFile);
      await tar.addFile(POSTGRES_ENTRY, size, createReadStream(dumpFile));
    };
    notes.push('PostgreSQL dumped with pg_dump (one snapshot; the instances may keep running).');
    notes.push(
      config.s3
        ? `Files are in the bucket ${config.s3.bucket} and not in this archive: keep them with the bucket's versioning or replication.`
        : `Files copied from ${filesDir} while instances may be writing: an upload finishing during the backup may be missing.`,
    );
  } else {
    database = 'pglite';
    if (!existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) {
      throw new BackupError(`There is no embedded database in ${config.dataDir} to back up.`);
    }
    // The folder lock: refused while a server (or seed, or another backup) has the folder open.
    const handle = await openEmbeddedDatabase(config.dataDir);
    release = () => handle.close();
    writeDatabase = async (tar) => {
      const client = (handle as typeof handle & { client?: PGlite }).client;
      const dump = client ? await client.dumpDataDir('none') : undefined;
      if (!dump) throw new BackupError('The embedded database could not be dumped.');
      await tar.addFile(PGLITE_ENTRY, dump.size, Buffer.from(await dump.arrayBuffer()));
    };
    if (config.s3) {
      notes.push(
        `Files are in the bucket ${config.s3.bucket} and not in this archive: keep them with the bucket's versioning.`,
      );
    }
  }

  const partial = `${target}.partial`;
  try {
    await mkdir(path.dirname(target), { recursive: true });
    let fileCount = 0;
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(partial, { flags: 'wx' }));
    try {
      const tar = createTarWriter(gzip);
      const files: string[] = [];
      if (includeFiles) for await (const key of walkFiles(filesDir)) files.push(key);
      const manifest: TManifest = {
        format: 1,
        createdAt: now.toISOString(),
        database,
        files: files.length,
      };
      await tar.addFile(MANIFEST, Buffer.byteLength(JSON.stringify(manifest)), Buffer.from(JSON.stringify(manifest)));
      await writeDatabase(tar);
      for (const key of files) {
        const source = path.join(filesDir, key);
        const info = await stat(source);
        // Bounded by the size taken now, so a file growing meanwhile is cut there, not a broken entry.
        const body = info.size === 0 ? Buffer.alloc(0) : createReadStream(source, { end: info.size - 1 });
        await tar.addFile(`${FILES_PREFIX}${key}`, info.size, body, info.mtime);
        fileCount += 1;
      }
      await tar.finish();
      await written;
    } catch (error) {
      gzip.destroy();
      await written.catch(() => undefined);
      throw error;
    }
    const output = await open(partial, 'r+');
    try {
      await output.datasync();
    } finally {
      await output.close();
    }
    await rename(partial, target);
    const { size } = await stat(target);
    return { database, files: fileCount, bytes: size, notes };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await release();
  }
}

/** A folder counts as empty with nothing in it but a file system's lost+found. */
async function isEmptyFolder(folder: string): Promise<boolean> {
  const entries = await readdir(folder).catch((error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries.every((entry) => entry === 'lost+found');
}

/** A files/ entry's path inside `root`, or an error for a name that would leave it. */
function fileTarget(root: string, name: string): string {
  const key = name.slice(FILES_PREFIX.length);
  const resolved = path.resolve(root, key);
  if (key === '' || path.isAbsolute(key) || !resolved.startsWith(`${root}${path.sep}`)) {
    throw new BackupError(`The archive holds a file outside the files folder (${name}); nothing was restored.`);
  }
  return resolved;
}

async function writeSynced(file: string, body: AsyncIterable<Buffer>) {
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, 'wx');
  try {
    for await (const chunk of body) await handle.write(chunk);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/** Flushes every file of a folder PGlite wrote without fsync, before it becomes the database. */
export async function syncTree(folder: string) {
  for await (const relative of walkFiles(folder)) {
    const handle = await open(path.join(folder, relative), 'r+');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }
}

async function hasTables(url: string): Promise<boolean> {
  const handle = await openPostgres(url, { poolSize: 1 });
  try {
    const result = await handle.db.execute<{ count: number }>(
      "select count(*)::int as count from information_schema.tables where table_schema in ('public', 'drizzle')",
    );
    const rows = (result as unknown as { rows: { count: number }[] }).rows;
    return (rows[0]?.count ?? 0) > 0;
  } finally {
    await handle.close();
  }
}

export type TRestoreResult = { database: 'pglite' | 'postgres'; files: number; notes: string[] };

/**
 * Restores an archive. The embedded database goes into an empty DATA_DIR (under its lock; the
 * database folder appears last, complete); a PostgreSQL dump into an empty database at
 * DATABASE_URL with pg_restore. Files go to DATA_DIR/files, which must be empty. On failure what
 * was written is removed again.
 */
export async function restoreBackup(config: TConfig, file: string): Promise<TRestoreResult> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`${source} does not exist.`);
  const filesDir = path.join(config.dataDir, 'files');
  const notes: string[] = [];
  if (config.databaseUrl) {
    if (!(await isEmptyFolder(filesDir))) {
      throw new BackupError(`${filesDir} is not empty; restore into an empty files folder.`);
    }
    if (await hasTables(config.databaseUrl)) {
      throw new BackupError('The database at DATABASE_URL is not empty; restore into a new, empty database.');
    }
  } else if (!(await isEmptyFolder(config.dataDir))) {
    throw new BackupError(`${config.dataDir} is not empty; restore into an empty DATA_DIR (or a new folder).`);
  }

  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const staging = path.join(config.dataDir, 'restoring');
  const stagedDb = path.join(staging, 'db');
  const stagedFiles = path.join(staging, 'files');
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-restore-'));
  try {
    const input = createReadStream(source).pipe(createGunzip());
    let manifest: TManifest | undefined;
    let databaseDone = false;
    let files = 0;
    try {
      for await (const entry of readTar(input)) {
        if (!manifest) {
          if (entry.name !== MANIFEST) throw new BackupError(`${source} is not a SpaceCapture backup archive.`);
          manifest = JSON.parse((await readAll(entry.body)).toString('utf8')) as TManifest;
          if (manifest.format !== 1)
            throw new BackupError(`${source} has an unknown backup format (${manifest.format}).`);
          if (manifest.database === 'pglite' && config.databaseUrl) {
            throw new BackupError(
              'This backup holds an embedded database: unset DATABASE_URL to restore it into DATA_DIR.',
            );
          }
          if (manifest.database === 'postgres' && !config.databaseUrl) {
            throw new BackupError(
              'This backup holds a PostgreSQL dump: set DATABASE_URL to an empty database to restore it.',
            );
          }
          continue;
        }
        if (entry.name === PGLITE_ENTRY) {
          const dump = new Blob([await readAll(entry.body)]);
          await mkdir(staging, { recursive: true });
          const handle = await openPglite(stagedDb, { loadDataDir: dump });
          await handle.close();
          await syncTree(stagedDb);
          databaseDone = true;
        } else if (entry.name === POSTGRES_ENTRY) {
          const dumpFile = path.join(tempDir, 'postgres.dump');
          await writeSynced(dumpFile, entry.body);
          const { dbname, env } = libpqTarget(config.databaseUrl as string);
          await runTool(
            'pg_restore',
            [
              '--no-owner',
              '--no-privileges',
              '--exit-on-error',
              '--single-transaction',
              `--dbname=${dbname}`,
              dumpFile,
            ],
            env,
          );
          databaseDone = true;
        } else if (entry.name.startsWith(FILES_PREFIX)) {
          await writeSynced(fileTarget(stagedFiles, entry.name), entry.body);
          files += 1;
        }
      }
    } catch (error) {
      if (error instanceof BackupError) throw error;
      // zlib and tar errors say little on their own.
      throw new BackupError(`${source} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!manifest || !databaseDone || files !== manifest.files) {
      throw new BackupError(`${source} is incomplete (a backup cut short?); nothing was restored.`);
    }
    if (existsSync(stagedFiles)) await rename(stagedFiles, filesDir);
    if (existsSync(stagedDb)) await rename(stagedDb, path.join(config.dataDir, 'db'));
    await rm(staging, { recursive: true, force: true });
    if (config.s3 && files > 0) {
      notes.push(`Files were restored to ${filesDir}; copy them into the bucket ${config.s3.bucket} (keys as named).`);
    }
    return { database: manifest.database, files, notes };
  } catch (error) {
    // pg_restore ran in one transaction: a failed one left the database as it was.
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(tempDir, { recursive: true, force: true });
    unlock();
  }
}

async function readAll(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(chunk);
  return Buffer.concat(parts);
}

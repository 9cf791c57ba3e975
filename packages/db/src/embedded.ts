import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { openPglite, type TDatabaseHandle } from './client.ts';

/**
 * The embedded database in a data folder. PGlite has no lock of its own and two processes on one
 * folder corrupt it, so a lock file guards the folder; and a first start builds the database in a
 * side folder that only becomes `db` once complete, so an interrupted first start is never data.
 */

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another running instance (process ${pid}). ` +
        'Stop it first, or point DATA_DIR at another folder. To run several instances, use DATABASE_URL.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Lock files this process holds. A lock naming our own pid is ours only if it is listed here;
 * otherwise it was left by an earlier process that had the same pid (pid 1 in a container).
 */
const locksHeldHere = new Set<string>();

/** Takes the data folder's lock file; a lock left by a dead process is taken over. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.resolve(dataDir, 'instance.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      locksHeldHere.add(lockPath);
      return () => {
        locksHeldHere.delete(lockPath);
        rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      const heldByUs = holder === process.pid && locksHeldHere.has(lockPath);
      if (heldByUs || (Number.isInteger(holder) && holder !== process.pid && isProcessAlive(holder))) {
        throw new DataDirLockedError(dataDir, holder);
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}.`);
}

/** Opens (creating on first start) the embedded database under `dataDir/db`, holding the folder lock. */
export async function openEmbeddedDatabase(dataDir: string): Promise<TDatabaseHandle> {
  const unlock = lockDataDir(dataDir);
  try {
    const dbDir = path.join(dataDir, 'db');
    const partialDir = path.join(dataDir, 'db.initialising');
    if (existsSync(partialDir)) rmSync(partialDir, { recursive: true, force: true });
    if (existsSync(dbDir) && !existsSync(path.join(dbDir, 'PG_VERSION'))) {
      if (readdirSync(dbDir).length > 0) {
        throw new Error(`${dbDir} exists but is not a database folder; move it away and start again.`);
      }
      rmSync(dbDir, { recursive: true });
    }
    if (!existsSync(dbDir)) {
      // initdb into a side folder; only a complete cluster is renamed into place.
      const fresh = await openPglite(partialDir);
      await fresh.close();
      renameSync(partialDir, dbDir);
    }
    const handle = await openPglite(dbDir);
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

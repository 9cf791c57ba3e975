import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { openPglite, openPgliteThread, type TDatabaseHandle } from './client.ts';

/**
 * The embedded database in a data folder. PGlite has no lock of its own and two processes on one
 * folder corrupt it, so a lock file guards the folder; and a first start builds the database in a
 * side folder that only becomes `db` once complete, so an interrupted first start is never data.
 */

/** What a lock file says about the process that holds the folder. */
type TLockHolder = {
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat), so a reused pid is told apart. */
  startTicks?: string;
  /** The kernel's boot id: after a reboot no process of the last boot can hold the lock. */
  bootId?: string;
  /** The pid namespace the pid belongs to; a process in another container cannot be looked up here. */
  pidNamespace?: string;
};

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number, reason = 'is in use by another running instance') {
    super(
      `The data folder ${dataDir} ${reason} (process ${pid}). ` +
        'Stop it first, or point DATA_DIR at another folder. To run several instances, use DATABASE_URL. ' +
        `If no instance is running on this folder (check \`ps -p ${pid}\` on its host or container), ` +
        `remove ${path.join(dataDir, LOCK_FILE)} and start again.`,
    );
    this.name = 'DataDirLockedError';
  }
}

const LOCK_FILE = 'instance.lock';
/** The holder touches its lock this often, so an instance that cannot see the holder's process can tell it lives. */
const HEARTBEAT_MS = 5_000;
/** A lock whose process cannot be looked up here is stale once its heartbeat is this old. */
export const LOCK_STALE_AFTER_MS = 30_000;

function readOptional(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The start time of a process in clock ticks since boot, or undefined without /proc or the process. */
function processStartTicks(pid: number): string | undefined {
  const stat = readOptional(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // Field 22 (starttime); the command name (field 2) may hold spaces and parentheses, so count from its end.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function currentPidNamespace(): string | undefined {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return undefined;
  }
}

function describeThisProcess(): TLockHolder {
  const startTicks = processStartTicks(process.pid);
  const bootId = readOptional('/proc/sys/kernel/random/boot_id');
  const pidNamespace = currentPidNamespace();
  return {
    pid: process.pid,
    ...(startTicks ? { startTicks } : {}),
    ...(bootId ? { bootId } : {}),
    ...(pidNamespace ? { pidNamespace } : {}),
  };
}

/** A lock file's holder: JSON, or a bare pid as written by earlier versions. */
function parseLockFile(text: string): TLockHolder | undefined {
  if (/^\d+$/.test(text.trim())) return { pid: Number.parseInt(text, 10) };
  try {
    const parsed = JSON.parse(text) as TLockHolder;
    return Number.isInteger(parsed.pid) ? parsed : undefined;
  } catch {
    return undefined;
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
 * Lock files this process holds. A bare-pid lock naming our own pid is ours only if it is listed
 * here; otherwise it was left by an earlier process that had the same pid (pid 1 in a container).
 */
const locksHeldHere = new Set<string>();

/** Why the lock still stands, or undefined when its holder is gone and the lock may be taken over. */
function liveHolderReason(lockPath: string, holder: TLockHolder, lockAgeMs: number): string | undefined {
  const here = describeThisProcess();
  const inUse = 'is in use by another running instance';
  if (holder.startTicks === undefined || here.startTicks === undefined) {
    // A lock of an earlier version, or no /proc: the pid alone is all there is to go on.
    if (holder.pid === process.pid) return locksHeldHere.has(lockPath) ? inUse : undefined;
    return isProcessAlive(holder.pid) ? inUse : undefined;
  }
  if (holder.bootId && here.bootId && holder.bootId !== here.bootId) return undefined;
  if (holder.pidNamespace && here.pidNamespace && holder.pidNamespace !== here.pidNamespace) {
    // Another container on the same volume: its process is out of sight, its heartbeat is not.
    return lockAgeMs < LOCK_STALE_AFTER_MS
      ? `is in use by an instance in another container, seen ${Math.round(lockAgeMs / 1000)} s ago ` +
          `(taken over once unseen for ${LOCK_STALE_AFTER_MS / 1000} s)`
      : undefined;
  }
  // Same machine and pid namespace: the pid with the same start time is the holder, alive.
  return processStartTicks(holder.pid) === holder.startTicks ? inUse : undefined;
}

/**
 * Takes the data folder's lock file, naming this process (pid and start time). A lock whose
 * process has died, or whose pid now belongs to another process, is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.resolve(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, JSON.stringify(describeThisProcess()));
      closeSync(fd);
      locksHeldHere.add(lockPath);
      const heartbeat = setInterval(() => {
        const now = new Date();
        try {
          utimesSync(lockPath, now, now);
        } catch {
          // The folder went away; the database will say so louder.
        }
      }, HEARTBEAT_MS);
      heartbeat.unref();
      return () => {
        clearInterval(heartbeat);
        locksHeldHere.delete(lockPath);
        rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = parseLockFile(readOptional(lockPath) ?? '');
      const modified = statSync(lockPath, { throwIfNoEntry: false });
      if (holder && modified) {
        const lockAgeMs = Date.now() - modified.mtimeMs;
        const reason = liveHolderReason(lockPath, holder, lockAgeMs);
        if (reason) throw new DataDirLockedError(dataDir, holder.pid, reason);
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
    // In its own thread, so queries never block the server's event loop (decision 110); durable
    // commits as before (pglite-durable.ts, decision 074).
    const handle = await openPgliteThread({ dataDir: dbDir, durable: true });
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

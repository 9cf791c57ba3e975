import { DataDirLockedError } from '@spacecapture/db/embedded';
import { loadConfig } from './config.ts';
import { createBackup } from './modules/backup/backup-archive.ts';

/**
 * `npm run backup -- FILE` (`node dist/backup.mjs FILE` in the image): writes one archive of the
 * embedded database and DATA_DIR/files, holding the data folder's lock (so the server must be
 * stopped); on PostgreSQL, a pg_dump and the local files folder (decision 080). Failures are one
 * line, never a stack.
 */
async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run backup -- FILE (a new file, e.g. backups/spacecapture-2026-01-31.tar.gz)');
    process.exit(64);
  }
  try {
    const config = loadConfig();
    const result = await createBackup(config, file, new Date());
    const what = result.database === 'pglite' ? 'the embedded database' : 'the PostgreSQL dump';
    console.info(`Backed up ${what} and ${result.files} files to ${file} (${result.bytes} bytes).`);
    for (const note of result.notes) console.info(note);
  } catch (error) {
    // One line: a configuration error lists its problems on several.
    const message = (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');
    console.error(
      error instanceof DataDirLockedError
        ? `Backup refused, the server is running: stop it first. ${message}`
        : `Backup failed: ${message}`,
    );
    process.exit(1);
  }
}

await main();

import { DataDirLockedError } from '@spacecapture/db/embedded';
import { loadConfig } from './config.ts';
import { restoreBackup } from './modules/backup/backup-archive.ts';

/**
 * `npm run restore -- FILE` (`node dist/restore.mjs FILE` in the image): restores an archive of
 * `npm run backup` into an empty DATA_DIR (or, for a PostgreSQL dump, an empty database at
 * DATABASE_URL). Start the server afterwards: it migrates forward. Failures are one line.
 */
async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run restore -- FILE (an archive written by npm run backup)');
    process.exit(64);
  }
  try {
    const config = loadConfig();
    const result = await restoreBackup(config, file);
    const where = result.database === 'pglite' ? config.dataDir : 'the database at DATABASE_URL';
    console.info(`Restored ${file} into ${where} (${result.files} files). Start the server to use it.`);
    for (const note of result.notes) console.info(note);
  } catch (error) {
    // One line: a configuration error lists its problems on several.
    const message = (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');
    console.error(
      error instanceof DataDirLockedError
        ? `Restore refused, a server is running on this data folder: stop it first. ${message}`
        : `Restore failed: ${message}`,
    );
    process.exit(1);
  }
}

await main();

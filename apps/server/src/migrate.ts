import { loadConfig } from './config.ts';
import { openConfiguredDatabase } from './database.ts';

/**
 * `npm run db:migrate`: applies pending migrations to the configured database without starting
 * the server (a deploy step before new instances roll out). Start-up still migrates too, under
 * the same lock, so running this first is optional. Failures are one line, never a stack.
 */
async function main() {
  try {
    const config = loadConfig();
    const database = await openConfiguredDatabase(config);
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    const where = config.databaseUrl ? 'PostgreSQL at DATABASE_URL' : `the embedded database in ${config.dataDir}`;
    console.info(`Migrated ${where}: up to date.`);
  } catch (error) {
    console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

await main();

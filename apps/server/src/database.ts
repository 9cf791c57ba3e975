import { openPostgres, type TDatabaseHandle } from '@spacecapture/db/client';
import { openEmbeddedDatabase } from '@spacecapture/db/embedded';
import type { TConfig } from './config.ts';

/** The configured database: PostgreSQL at DATABASE_URL, else the embedded one in DATA_DIR (locked). */
export function openConfiguredDatabase(config: TConfig): Promise<TDatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openEmbeddedDatabase(config.dataDir);
}

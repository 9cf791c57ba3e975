import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openConfiguredDatabase } from '../../apps/server/src/database.ts';

/**
 * The production server (as apps/server/src/server.ts starts it, from the same environment) with
 * a shorter outbox hold, which the environment cannot set: BENCH_OUTBOX_LEASE_MS. The default hold
 * (60 s) outlasts a batch of 5 e-mails even at 4 s each, so a bench of about a minute would never
 * see a hold run out; a hold shorter than one send makes every batch depend on its renewals.
 * Started by bench/lib/source-server.ts (entry option); stops on SIGTERM like the real server.
 */

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.migrate();
const leaseMs = Number(process.env.BENCH_OUTBOX_LEASE_MS ?? 60_000);
const app = await buildApp({ config, database, outbox: { leaseMs } });

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  const outboxStopped = app.outbox.stop();
  await app.close();
  await outboxStopped;
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

await app.listen({ port: config.port, host: config.host });

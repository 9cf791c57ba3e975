import { sql } from 'drizzle-orm';
import type { TBenchDatabase } from './databases.ts';

/** Orders are written with SQL in batches of this many, spread over CUSTOMERS organisations. */
export const ORDER_BATCH = 10_000;
const CUSTOMERS = 50;

/**
 * `count` orders of every status, capture type and city, a second apart, for CUSTOMERS customer
 * organisations ("Customer N Holdings"); the time it took, in ms.
 */
export async function insertOrders(database: TBenchDatabase, count: number) {
  const { db } = database.handle;
  await db.execute(sql`insert into organizations (name, type, created_at)
    select 'Customer ' || g || ' Holdings', 'customer', now() - (g || ' days')::interval from generate_series(0, ${CUSTOMERS - 1}) g`);
  const started = performance.now();
  for (let from = 1; from <= count; from += ORDER_BATCH) {
    const to = Math.min(count, from + ORDER_BATCH - 1);
    await db.execute(sql`
      insert into orders (title, status, location, capture_type, preferred_dates, customer_org_id, created_at, updated_at)
      select
        (array['Virtual Tour', '3D Model', 'Floor Plan', 'Point Cloud', 'Digital Twin', 'All of the above'])[1 + g % 6]
          || ' — ' || (array['Commercial', 'Residential', 'Retail', 'Warehouse', 'Event Venue'])[1 + g % 5]
          || ', ' || (array['London', 'Berlin', 'Paris', 'Madrid', 'Oslo', 'Vienna', 'Leeds'])[1 + g % 7],
        (array['triage', 'quoted', 'approved', 'assigned', 'scheduled', 'captured', 'delivered', 'completed', 'cancelled'])[1 + g % 9],
        (array['London', 'Berlin', 'Paris', 'Madrid', 'Oslo', 'Vienna', 'Leeds'])[1 + g % 7] || ', street ' || g || ', unit ' || (g % 7),
        (array['virtual-tour', '3d-model', 'floor-plan', 'point-cloud', 'digital-twin'])[1 + g % 5],
        '{"timeline":"standard","notes":null}'::jsonb,
        c.ids[1 + (g * 7919) % ${CUSTOMERS}],
        timestamptz '2026-01-01T00:00:00Z' + ((g / 2) || ' seconds')::interval,
        timestamptz '2026-01-01T00:00:00Z' + ((g / 2) || ' seconds')::interval
      from generate_series(${from}::int, ${to}::int) g,
        (select array_agg(id order by name) as ids from organizations where type = 'customer') c`);
  }
  const insertMs = performance.now() - started;
  // The statistics the planner judges a search by. PostgreSQL's autovacuum gathers them on its own;
  // the embedded database has no autovacuum (ORDERS_LIST_ANALYZE=0 measures without them).
  if (process.env.ORDERS_LIST_ANALYZE !== '0') await db.execute(sql`analyze`);
  return insertMs;
}

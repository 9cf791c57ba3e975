import os from 'node:os';
import { sql } from 'drizzle-orm';
import { createProfileReader, loadRecords } from '../apps/server/src/modules/dispatch/dispatch-repository.ts';
import { createDispatchService } from '../apps/server/src/modules/dispatch/dispatch-service.ts';
import { ON_TIME_GRACE_HOURS } from '../packages/shared/src/contracts/admin-console/reporting.ts';
import { busyRange, scoreProviders, screenProviders } from '../packages/shared/src/dispatch-ranking.ts';
import { benchEngines, redact, type TBenchDatabase } from './lib/databases.ts';
import { goal, round, runBench, type TFigure } from './lib/report.ts';
import { latencySummary } from './lib/stats.ts';

/**
 * Dispatch ranking of 1,000 active providers for one placed order with two preferred windows
 * (decision 125): the service call an admin's ranking request makes (the order, every provider's
 * profile, the screening, the records of those that pass, the scoring; decision 170), the same
 * right after a change to a provider (when the kept profiles are built again), and its parts
 * measured apart. Each provider has a device, a
 * certification, availability with a base near Leeds, service regions and three past or coming
 * jobs (some confirmed in the windows), a rating and a delivery. Goal: median under 50 ms on PGlite.
 *
 *   npx tsx bench/dispatch-ranking.ts
 */

const PROVIDERS = 1_000;
const JOBS_PER_PROVIDER = 3;
const WARM_UP = 5;
const RUNS = 40;
const GOAL_MS = 50;
const NOW = new Date('2027-03-01T09:00:00Z');
const LEEDS = { lat: 53.7997, lon: -1.5492 };
const WINDOWS = [
  { start: '2027-03-04T09:00:00.000Z', end: '2027-03-04T13:00:00.000Z' },
  { start: '2027-03-05T09:00:00.000Z', end: '2027-03-05T17:00:00.000Z' },
];

async function seed(database: TBenchDatabase) {
  const { db } = database.handle;
  await db.execute(sql`
    insert into organizations (name, type) values ('Bench Customer', 'customer');
  `);
  await db.execute(sql`
    insert into organizations (name, type)
    select 'Bench Provider ' || lpad(n::text, 4, '0'), 'provider' from generate_series(1, ${PROVIDERS}) as n
  `);
  const providers = sql`(select id, row_number() over (order by name) as n from organizations where type = 'provider') as p`;
  await db.execute(sql`
    insert into device_inventory (org_id, model, serial, capabilities)
    select id, case when n % 3 = 0 then 'MEGA' else 'PRO3' end, 'SN-' || n, '{3d-model}' from ${providers}
  `);
  await db.execute(sql`
    insert into provider_certifications (org_id, scope, status, regions, expiry)
    select id, 'Matterport', 'active', '{West Yorkshire}',
      case when n % 10 = 0 then timestamptz '2027-03-02' else timestamptz '2028-01-01' end from ${providers}
  `);
  await db.execute(sql`
    insert into provider_profiles (org_id, service_regions) select id, '{Leeds,Bradford}' from ${providers}
  `);
  // Bases spread up to about 150 km around Leeds; radii 40–100 km.
  await db.execute(sql`
    insert into provider_availability (org_id, working_hours, blocked_dates, jobs_per_day, bases)
    select id,
      '[{"weekday":1,"start":"08:00","end":"17:00"},{"weekday":2,"start":"08:00","end":"17:00"},{"weekday":3,"start":"08:00","end":"17:00"},{"weekday":4,"start":"08:00","end":"17:00"},{"weekday":5,"start":"08:00","end":"17:00"}]'::jsonb,
      case when n % 17 = 0 then '{2027-03-04,2027-03-05}'::text[] else '{}'::text[] end,
      1 + n % 3,
      jsonb_build_array(jsonb_build_object('label', 'Base ' || n,
        'lat', ${LEEDS.lat} + ((n * 37) % 200 - 100) / 100.0,
        'lon', ${LEEDS.lon} + ((n * 53) % 200 - 100) / 70.0,
        'radiusKm', 40 + (n * 7) % 61))
    from ${providers}
  `);
  await db.execute(sql`
    insert into orders (title, location, capture_type, customer_org_id, status)
    select 'Bench job ' || p.n || '-' || j, 'Leeds', '3d-model', (select id from organizations where type = 'customer'),
      case when j = 1 then 'completed' else 'scheduled' end
    from ${providers} cross join generate_series(1, ${JOBS_PER_PROVIDER}) as j
  `);
  await db.execute(sql`
    insert into assignments (order_id, provider_org_id, status, accepted, respond_by, scheduled_start, scheduled_end)
    select o.id, p.id, case when j = 3 and p.n % 4 = 0 then 'declined' else 'accepted' end,
      not (j = 3 and p.n % 4 = 0), timestamptz '2027-02-01',
      case when j = 1 then timestamptz '2027-02-10 09:00Z'
           else timestamptz '2027-03-04 08:00Z' + ((p.n % 5) * interval '1 day') + ((j - 2) * interval '4 hours') end,
      case when j = 1 then timestamptz '2027-02-10 12:00Z'
           else timestamptz '2027-03-04 11:00Z' + ((p.n % 5) * interval '1 day') + ((j - 2) * interval '4 hours') end
    from ${providers}
    cross join generate_series(1, ${JOBS_PER_PROVIDER}) as j
    join orders o on o.title = 'Bench job ' || p.n || '-' || j
  `);
  await db.execute(sql`
    insert into deliverables (order_id, type, file_links, file_name, size, delivered_at, created_at)
    select a.order_id, 'model', '{"paths":[]}'::jsonb, 'model.obj', 1000,
      a.scheduled_end + interval '6 hours', a.scheduled_end + interval '6 hours'
    from assignments a join orders o on o.id = a.order_id where o.status = 'completed'
  `);
  await db.execute(sql`
    insert into ratings (order_id, provider_org_id, score, rated_by)
    select a.order_id, a.provider_org_id, 3 + (row_number() over ()) % 3, 'bench'
    from assignments a join orders o on o.id = a.order_id where o.status = 'completed'
  `);
  const [order] = (
    (await db.execute(sql`
      insert into orders (title, location, capture_type, customer_org_id, status, place, preferred_windows)
      values ('Ranked order', 'Leeds, Park Row 1', '3d-model', (select id from organizations where type = 'customer'),
        'approved', ${JSON.stringify({ label: 'Leeds', ...LEEDS, timeZone: 'Europe/London' })}::jsonb,
        ${JSON.stringify(WINDOWS)}::jsonb)
      returning id
    `)) as unknown as { rows: { id: string }[] }
  ).rows;
  await db.execute(sql`analyze`);
  return order!.id;
}

async function timed<T>(work: () => Promise<T>) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await work();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { value, wall, cpu: (used.user + used.system) / 1000 };
}

async function measure(database: TBenchDatabase) {
  const orderId = await seed(database);
  const { db } = database.handle;
  const dispatch = createDispatchService({ db, clock: () => NOW });
  for (let index = 0; index < WARM_UP; index += 1) await dispatch.ranking(orderId);
  const total: number[] = [];
  const cpu: number[] = [];
  const coldMs: number[] = [];
  const profilesMs: number[] = [];
  const recordsMs: number[] = [];
  const rank: number[] = [];
  const order = {
    captureType: '3d-model',
    location: 'Leeds, Park Row 1',
    place: { ...LEEDS, timeZone: 'Europe/London' },
    windows: WINDOWS,
  };
  const readProfiles = createProfileReader(db);
  const profileOptions = { now: NOW, limit: 2_000, busy: busyRange(order) };
  let last = await dispatch.ranking(orderId);
  for (let index = 0; index < RUNS; index += 1) {
    const run = await timed(() => dispatch.ranking(orderId));
    total.push(run.wall);
    cpu.push(run.cpu);
    last = run.value;
    // The first ranking after a change to a provider: the profiles are built again.
    await db.execute(sql`
      update provider_availability set updated_at = updated_at
      where org_id = (select id from organizations where type = 'provider' order by name limit 1)
    `);
    coldMs.push((await timed(() => dispatch.ranking(orderId))).wall);
    // The same steps apart: the profiles (kept: read once since the change), the screening and
    // scoring, the records statement.
    await readProfiles(profileOptions);
    const profiles = await timed(() => readProfiles(profileOptions));
    profilesMs.push(profiles.wall);
    const started = performance.now();
    const screening = screenProviders(order, profiles.value, { now: NOW });
    const providerIds = screening.passed.map(({ profile }) => profile.id);
    const screened = performance.now() - started;
    const records = await timed(() => loadRecords(db, { providerIds, now: NOW, graceHours: ON_TIME_GRACE_HOURS }));
    recordsMs.push(records.wall);
    const scoring = performance.now();
    scoreProviders(screening, records.value);
    rank.push(screened + performance.now() - scoring);
  }
  return {
    candidates: last.ranked.length + last.out.length,
    ranked: last.ranked.length,
    out: last.out.length,
    totalMs: latencySummary(total),
    cpuMs: latencySummary(cpu),
    coldMs: latencySummary(coldMs),
    profilesMs: latencySummary(profilesMs),
    recordsMs: latencySummary(recordsMs),
    rankMs: latencySummary(rank),
  };
}

await runBench(async () => {
  const figures: TFigure[] = [];
  const notes: string[] = [];
  const details: Record<string, unknown> = {};
  const postgresUrl = process.env.TEST_DATABASE_URL;
  for (const engine of benchEngines(postgresUrl, notes)) {
    console.info(`dispatch-ranking: ${engine.label}, ${PROVIDERS.toLocaleString('en')} providers...`);
    const database = await engine.create();
    try {
      const result = await measure(database);
      details[engine.label] = result;
      const median = round(result.totalMs.p50, 1);
      figures.push(
        {
          name: `${engine.label} ranking of ${result.candidates} providers, median`,
          value: median,
          unit: 'ms',
          goal: `< ${GOAL_MS}`,
          status: engine.label === 'PGlite' ? goal(median < GOAL_MS) : '',
        },
        { name: `${engine.label} ranking p90`, value: round(result.totalMs.p90, 1), unit: 'ms' },
        { name: `${engine.label} ranking CPU, median`, value: round(result.cpuMs.p50, 1), unit: 'ms' },
        {
          name: `${engine.label} ranking right after a change to a provider, median`,
          value: round(result.coldMs.p50, 1),
          unit: 'ms',
          goal: `< ${GOAL_MS}`,
          status: engine.label === 'PGlite' ? goal(result.coldMs.p50 < GOAL_MS) : '',
        },
        {
          name: `${engine.label} profiles kept: stamp and jobs, median`,
          value: round(result.profilesMs.p50, 1),
          unit: 'ms',
        },
        { name: `${engine.label} records statement, median`, value: round(result.recordsMs.p50, 1), unit: 'ms' },
        { name: `${engine.label} screening and scoring, median`, value: round(result.rankMs.p50, 1), unit: 'ms' },
        { name: `${engine.label} ranked / out`, value: `${result.ranked} / ${result.out}` },
      );
    } finally {
      await database.dispose();
    }
  }
  notes.push(
    `${RUNS} runs after ${WARM_UP} warm-up runs; the service call (the order, the profiles, the screening, the records, the scoring).`,
  );
  notes.push(`Load average (1 min) at the end: ${round(os.loadavg()[0] ?? 0, 2)} on ${os.cpus().length} CPUs.`);
  if (postgresUrl) notes.push(`PostgreSQL at ${redact(postgresUrl)}.`);
  return {
    bench: 'dispatch-ranking',
    title: 'Dispatch ranking of 1,000 providers for one order',
    figures,
    notes,
    details,
  };
});

import { readFileSync } from 'node:fs';
import { probeLiveness } from './lib/liveness-probe.ts';
import { runLoad, type TSample } from './lib/load.ts';
import { goal, round, runBench, type TFigure } from './lib/report.ts';
import { freePort, startSourceServer } from './lib/source-server.ts';
import { latencySummary } from './lib/stats.ts';

/**
 * 400 and then 1,000 connections of public capture requests at a server on PGlite (the default),
 * the server in a child process of its own, a fresh one for each count. Goals (decision 073, issue
 * 26): every answer within the client's 10 s is a 201 or a 503 with Retry-After, no client times
 * out, and liveness, probed every 20 ms from this quiet process as a load balancer would, answers
 * within 100 ms at p99. The database health check (`/api/health`, sent from the load generator)
 * is reported beside it.
 *
 * BENCH_OVERLOAD_CONNECTIONS (e.g. `400`) narrows the counts; BENCH_OVERLOAD_MAX_IN_FLIGHT sets the
 * server's MAX_IN_FLIGHT (its default otherwise).
 *
 * Where a timed-out request waited is reported too: a connection the client never completed, or
 * one completed late, waited in the kernel (SYN retransmits after a full listen queue: see the
 * kernel's overflow count); one connected at once but unanswered waited in the listen queue to be
 * accepted, or in the server. Node's event loop accepts one connection per turn (libuv ≥ 1.45),
 * and under this load a turn reads and sheds a request from every open connection, so a turn
 * lasts about a second and the connections still queued are accepted about one a second.
 */

const CONNECTION_COUNTS = (process.env.BENCH_OVERLOAD_CONNECTIONS ?? '400,1000')
  .split(',')
  .map((count) => Number(count.trim()))
  .filter((count) => count > 0);
const MAX_IN_FLIGHT = process.env.BENCH_OVERLOAD_MAX_IN_FLIGHT;
const DURATION_MS = 20_000;
const LIVENESS_PROBE_MS = 20;
const LIVENESS_P99_GOAL_MS = 100;
const TIMEOUT_MS = 10_000;
const WARM_UP_REQUESTS = 100;

function countBy(samples: TSample[], key: (sample: TSample) => string) {
  const counts: Record<string, number> = {};
  for (const sample of samples) counts[key(sample)] = (counts[key(sample)] ?? 0) + 1;
  return counts;
}

/**
 * The kernel's count of connections that found the listen (accept) queue full, from
 * /proc/net/netstat (Linux; null elsewhere). Each one costs its client a SYN retransmit: 1 s, then
 * 3 s, 7 s, 15 s after its first try.
 */
function listenOverflows(): number | null {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    for (let i = 0; i + 1 < lines.length; i++) {
      if (!lines[i]!.startsWith('TcpExt:')) continue;
      const names = lines[i]!.split(/\s+/);
      const values = lines[i + 1]!.split(/\s+/);
      const at = names.indexOf('ListenOverflows');
      return at < 0 ? null : Number(values[at]);
    }
  } catch {
    // Not Linux.
  }
  return null;
}

async function overloadAt(CONNECTIONS: number) {
  // Liveness as a load balancer should probe it: on the port its own thread answers (decision 185).
  const livenessPort = await freePort();
  const server = await startSourceServer({
    LIVENESS_PORT: String(livenessPort),
    ...(MAX_IN_FLIGHT ? { MAX_IN_FLIGHT } : {}),
  });
  try {
    // A warm server, as in production: the first requests compile the code paths they take.
    await runLoad({
      baseUrl: server.baseUrl,
      timeoutMs: TIMEOUT_MS,
      stop: { requests: WARM_UP_REQUESTS },
      targets: [
        { name: 'warm-up', method: 'POST', path: '/api/public/capture-requests', connections: 16, prefix: 'warm' },
      ],
    });
    console.info(
      `overload: ${CONNECTIONS} connections for ${DURATION_MS / 1000} s on PGlite (server in a child process)...`,
    );
    const overflowsBefore = listenOverflows();
    const liveness = probeLiveness(`http://127.0.0.1:${livenessPort}`, {
      everyMs: LIVENESS_PROBE_MS,
      timeoutMs: TIMEOUT_MS,
    });
    const [captures, health] = await runLoad({
      baseUrl: server.baseUrl,
      timeoutMs: TIMEOUT_MS,
      stop: { durationMs: DURATION_MS },
      targets: [
        {
          name: 'capture',
          method: 'POST',
          path: '/api/public/capture-requests',
          connections: CONNECTIONS,
          prefix: 'overload',
        },
        { name: 'health', method: 'GET', path: '/api/health', connections: 1, pauseMs: 200 },
      ],
    });
    const livenessSamples = await liveness.stop();
    const overflowsAfter = listenOverflows();
    const overflows = overflowsBefore === null || overflowsAfter === null ? null : overflowsAfter - overflowsBefore;
    const samples = captures!.samples;
    const statuses = countBy(samples, (sample) => (sample.error ? sample.error : String(sample.status)));
    const timeouts = samples.filter((sample) => sample.error === 'timeout').length;
    const created = samples.filter((sample) => sample.status === 201);
    const shed = samples.filter((sample) => sample.status === 503);
    const shedWithoutRetryAfter = shed.filter((sample) => !(Number(sample.retryAfter) > 0)).length;
    const other = samples.length - created.length - shed.length;
    const all = latencySummary(samples.filter((sample) => !sample.error).map((sample) => sample.ms));
    const ok = latencySummary(created.map((sample) => sample.ms));
    // When in the run the timeouts were sent (seconds from the first request), to tell a
    // connection storm at the start from a stall later on.
    // A loop, not Math.min(...): a fast server answers more requests than a call has room for arguments.
    const firstSent = samples.reduce((first, sample) => Math.min(first, sample.sentAt), Number.POSITIVE_INFINITY);
    const timeoutsBySecond = countBy(
      samples.filter((sample) => sample.error === 'timeout'),
      (sample) => String(Math.floor((sample.sentAt - firstSent) / 1000)),
    );
    // Where the timed-out requests waited: for a connection (the listen queue), or for an answer.
    const timedOut = samples.filter((sample) => sample.error === 'timeout');
    const neverConnected = timedOut.filter((sample) => sample.connectMs === null).length;
    const connectedLate = timedOut.filter((sample) => (sample.connectMs ?? 0) > 1000).length;
    const connects = latencySummary(
      samples.flatMap((sample) => (typeof sample.connectMs === 'number' ? [sample.connectMs] : [])),
    );
    const healthAnswers = health!.samples;
    const healthOk = healthAnswers.filter((sample) => sample.status === 200).length;
    const healthLatency = latencySummary(healthAnswers.map((sample) => sample.ms));
    const liveOk = livenessSamples.filter((sample) => sample.status === 200).length;
    const live = latencySummary(livenessSamples.map((sample) => sample.ms));
    const figures: TFigure[] = [
      { name: 'requests sent', value: samples.length },
      { name: 'answers by status', value: JSON.stringify(statuses) },
      { name: 'timeouts (10 s)', value: timeouts, goal: '0', status: goal(timeouts === 0) },
      {
        name: 'timeouts: never connected / connected after > 1 s / within 1 s',
        value: `${neverConnected} / ${connectedLate} / ${timedOut.length - neverConnected - connectedLate}`,
      },
      { name: 'connect p50 / p99 / max', value: `${connects.p50} / ${connects.p99} / ${connects.max}`, unit: 'ms' },
      { name: 'listen queue overflows (kernel)', value: overflows },
      { name: 'answers other than 201 or 503', value: other, goal: '0', status: goal(other === 0) },
      {
        name: '503 without Retry-After',
        value: shedWithoutRetryAfter,
        goal: '0',
        status: goal(shedWithoutRetryAfter === 0),
      },
      { name: '201 throughput', value: round((created.length / captures!.elapsedMs) * 1000), unit: 'req/s' },
      { name: 'all answers p50 / p99 / max', value: `${all.p50} / ${all.p99} / ${all.max}`, unit: 'ms' },
      { name: '201 p50 / p99 / max', value: `${ok.p50} / ${ok.p99} / ${ok.max}`, unit: 'ms' },
      {
        name: 'liveness ok / sent, p50 / p99 / max',
        value: `${liveOk}/${livenessSamples.length}, ${live.p50} / ${live.p99} / ${live.max}`,
        unit: 'ms',
        goal: `all ok, p99 <= ${LIVENESS_P99_GOAL_MS} ms`,
        status: goal(liveOk === livenessSamples.length && live.p99 <= LIVENESS_P99_GOAL_MS),
      },
      {
        name: 'health (database) ok / sent, p99',
        value: `${healthOk}/${healthAnswers.length}, ${healthLatency.p99}`,
        unit: 'ms',
        goal: 'all ok',
        status: goal(healthOk === healthAnswers.length),
      },
    ].map((figure) => ({ ...figure, name: `${CONNECTIONS}: ${figure.name}` }));
    return {
      figures,
      notes:
        timeouts > 0
          ? [`${CONNECTIONS}: timeouts by the second they were sent in: ${JSON.stringify(timeoutsBySecond)}`]
          : [],
      details: {
        timeoutsBySecond,
        neverConnected,
        connectedLate,
        connects,
        listenOverflows: overflows,
        connections: CONNECTIONS,
        durationMs: DURATION_MS,
        timeoutMs: TIMEOUT_MS,
        statuses,
        all,
        ok,
        liveness: live,
      },
    };
  } finally {
    await server.stop();
  }
}

await runBench(async () => {
  const runs = [];
  for (const connections of CONNECTION_COUNTS) runs.push(await overloadAt(connections));
  return {
    bench: 'overload',
    title: `${CONNECTION_COUNTS.join(' and ')} connections of capture requests on PGlite (${DURATION_MS / 1000} s each, 10 s client timeout${MAX_IN_FLIGHT ? `, MAX_IN_FLIGHT=${MAX_IN_FLIGHT}` : ''})`,
    figures: runs.flatMap((run) => run.figures),
    notes: runs.flatMap((run) => run.notes),
    details: runs.map((run) => run.details),
  };
});

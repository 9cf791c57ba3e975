import { runLoad, type TSample } from './lib/load.ts';
import { goal, round, runBench, type TFigure } from './lib/report.ts';
import { startSourceServer } from './lib/source-server.ts';
import { latencySummary } from './lib/stats.ts';

/**
 * 1,000 connections of public capture requests at a server on PGlite (the default), the server in
 * a child process of its own. Goal (decision 073): every answer within the client's 10 s is a 201
 * or a 503 with Retry-After, and no client times out; health checks keep answering meanwhile.
 */

const CONNECTIONS = 1000;
const DURATION_MS = 20_000;
const TIMEOUT_MS = 10_000;
const WARM_UP_REQUESTS = 100;

function countBy(samples: TSample[], key: (sample: TSample) => string) {
  const counts: Record<string, number> = {};
  for (const sample of samples) counts[key(sample)] = (counts[key(sample)] ?? 0) + 1;
  return counts;
}

await runBench(async () => {
  const server = await startSourceServer();
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
    const firstSent = Math.min(...samples.map((sample) => sample.sentAt));
    const timeoutsBySecond = countBy(
      samples.filter((sample) => sample.error === 'timeout'),
      (sample) => String(Math.floor((sample.sentAt - firstSent) / 1000)),
    );
    const healthAnswers = health!.samples;
    const healthOk = healthAnswers.filter((sample) => sample.status === 200).length;
    const healthLatency = latencySummary(healthAnswers.map((sample) => sample.ms));
    const figures: TFigure[] = [
      { name: 'requests sent', value: samples.length },
      { name: 'answers by status', value: JSON.stringify(statuses) },
      { name: 'timeouts (10 s)', value: timeouts, goal: '0', status: goal(timeouts === 0) },
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
        name: 'health ok / sent, p99',
        value: `${healthOk}/${healthAnswers.length}, ${healthLatency.p99}`,
        unit: 'ms',
        goal: 'all ok',
        status: goal(healthOk === healthAnswers.length),
      },
    ];
    return {
      bench: 'overload',
      title: `${CONNECTIONS} connections of capture requests on PGlite (${DURATION_MS / 1000} s, 10 s client timeout)`,
      figures,
      notes: timeouts > 0 ? [`timeouts by the second they were sent in: ${JSON.stringify(timeoutsBySecond)}`] : [],
      details: {
        timeoutsBySecond,
        connections: CONNECTIONS,
        durationMs: DURATION_MS,
        timeoutMs: TIMEOUT_MS,
        statuses,
        all,
        ok,
      },
    };
  } finally {
    await server.stop();
  }
});

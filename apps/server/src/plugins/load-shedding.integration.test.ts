import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { captureRequestInput, expectErrorShape } from '../../test/public-forms.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

/**
 * Load shedding seen from raw sockets, so the test decides exactly which bytes the server has
 * when: several requests waiting together, or a request arriving while the server stops.
 */

type TRawResponse = { status: number; headers: Record<string, string>; body: string };

/** Reads `count` HTTP/1.1 answers (each with Content-Length) from a socket. */
function readResponses(socket: net.Socket, count: number): Promise<TRawResponse[]> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const responses: TRawResponse[] = [];
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        const headEnd = buffered.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const [statusLine = '', ...lines] = buffered.subarray(0, headEnd).toString('latin1').split('\r\n');
        const headers: Record<string, string> = {};
        for (const line of lines) {
          const colon = line.indexOf(':');
          headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
        }
        const length = Number(headers['content-length'] ?? 0);
        if (buffered.length < headEnd + 4 + length) return;
        const body = buffered.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
        buffered = buffered.subarray(headEnd + 4 + length);
        responses.push({ status: Number(statusLine.split(' ')[1]), headers, body });
        if (responses.length === count) {
          socket.off('data', onData);
          resolve(responses);
          return;
        }
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => {
      if (responses.length < count)
        reject(new Error(`connection closed after ${responses.length} of ${count} answers`));
    });
  });
}

function captureRequestBytes(body = JSON.stringify(captureRequestInput())) {
  const head =
    'POST /api/public/capture-requests HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  return { head, body };
}

async function connect(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return socket;
}

/** Resolves once the server has accepted `count` connections in all. */
function acceptedConnections(t: TTestApp, count: number): Promise<void> {
  return new Promise((resolve) => {
    let accepted = 0;
    const onConnection = () => {
      accepted++;
      if (accepted === count) {
        t.app.server.off('connection', onConnection);
        resolve();
      }
    };
    t.app.server.on('connection', onConnection);
  });
}

async function until(condition: () => boolean, what: string) {
  // A safety net for a broken server, not a timing assumption: the state is reached long before.
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`never reached: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('load shedding on a database that holds the server up', () => {
  let t: TTestApp;
  let port: number;
  let dist: string;
  beforeAll(async () => {
    // A stand-in web build, to see that pages and script files are served through a stall.
    dist = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-shed-web-'));
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'app.html'), '<html><body>spa shell</body></html>');
    await writeFile(path.join(dist, 'assets', 'route-abc123.js'), 'export const route = 1;');
    // Defaults otherwise. The slow request stays in flight while the database works (PGlite in its
    // own thread, decision 110, as PostgreSQL in its process), so the in-flight limit sheds the rest.
    t = await createTestApp({ env: { SHED_AFTER_BUSY_MS: '50', MAX_IN_FLIGHT: '1', WEB_DIST_DIR: dist } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers API requests waiting behind a slow statement 503 with Retry-After, never the health checks or script files, and recovers', async () => {
    // Every stored capture request now takes 300 ms of the database (and, on PGlite, of the thread).
    await t.db.execute(sql`
      create function slow_insert() returns trigger language plpgsql as $$
      begin perform pg_sleep(0.3); return new; end $$`);
    await t.db.execute(
      sql`create trigger slow_insert before insert on order_leads for each row execute function slow_insert()`,
    );
    const sockets: net.Socket[] = [];
    try {
      // All six requests reach the server's sockets before it reads any of them: three capture
      // requests, then the two health checks, then a script file of the web app.
      const sendSix = async () => {
        for (const socket of sockets.splice(0)) socket.destroy();
        const accepted = acceptedConnections(t, 6);
        for (let i = 0; i < 6; i++) sockets.push(await connect(port));
        await accepted;
        const answers = sockets.map((socket) => readResponses(socket, 1));
        for (const socket of sockets.slice(0, 3)) {
          const { head, body } = captureRequestBytes();
          socket.write(head + body);
        }
        sockets[3]!.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
        sockets[4]!.write('GET /api/health/ready HTTP/1.1\r\nHost: localhost\r\n\r\n');
        sockets[5]!.write('GET /assets/route-abc123.js HTTP/1.1\r\nHost: localhost\r\n\r\n');
        return (await Promise.all(answers)).flat();
      };
      // On a loaded machine the server's own thread may have waited past the 50 ms busy signal
      // before it read the first request, and then all three are shed, rightly: the stall under
      // test never began. Send the six again until the first request is read in time.
      let responses = await sendSix();
      for (
        let attempt = 1;
        attempt < 5 && responses.slice(0, 3).every((response) => response.status === 503);
        attempt++
      ) {
        responses = await sendSix();
      }

      // The first capture request read is served; the others waited behind it and are shed.
      const statuses = responses.slice(0, 3).map((response) => response.status);
      expect(statuses.sort()).toEqual([201, 503, 503]);
      expect(responses.slice(3).map((response) => response.status)).toEqual([200, 200, 200]);
      expect(responses[5]!.body).toBe('export const route = 1;');
      for (const shed of responses.filter((response) => response.status === 503)) {
        expect(Number(shed.headers['retry-after'])).toBeGreaterThan(0);
        expectErrorShape(JSON.parse(shed.body), 'unavailable');
        expect(shed.headers['x-request-id']).toBeTruthy();
      }
    } finally {
      for (const socket of sockets) socket.destroy();
      await t.db.execute(sql`drop trigger if exists slow_insert on order_leads`);
      await t.db.execute(sql`drop function if exists slow_insert()`);
    }

    // The stall is over: a request is served again. On a loaded machine the 50 ms busy signal may
    // still shed one as it should, so the client retries as Retry-After asks.
    await eventually(async () => {
      const after = await fetch(`http://127.0.0.1:${port}/api/public/capture-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(captureRequestInput()),
      });
      expect(after.status).toBe(201);
    });
  });
});

describe('requests arriving while the server shuts down', () => {
  it('are answered 503 in our error shape with Retry-After and Connection: close', async () => {
    const t = await createTestApp();
    let closing: Promise<void> | undefined;
    const socket = await (async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      return connect((t.app.server.address() as AddressInfo).port);
    })();
    try {
      // A request in flight keeps its connection open through close(); the next one on that
      // connection (pipelined) arrives after close() began, as on a busy keep-alive connection.
      const { head, body } = captureRequestBytes();
      const answers = readResponses(socket, 2);
      socket.write(head + body.slice(0, 10));
      await until(() => t.app.requestsInFlight() === 1, 'the first request is in flight');

      closing = t.app.close();
      await until(() => !t.app.server.listening, 'the server stops listening');
      socket.write(`${body.slice(10)}GET /api/openapi.json HTTP/1.1\r\nHost: localhost\r\n\r\n`);

      const [first, second] = await answers;
      expect(first!.status).toBe(201);
      expect(second!.status).toBe(503);
      expect(Number(second!.headers['retry-after'])).toBeGreaterThan(0);
      expect(second!.headers.connection).toBe('close');
      expect(second!.headers['content-type']).toContain('application/json');
      expectErrorShape(JSON.parse(second!.body), 'unavailable');
    } finally {
      socket.destroy();
      await closing;
      await t.close();
    }
  });

  it('end the connection of a request served meanwhile with its answer, so the server stops at once', async () => {
    const t = await createTestApp();
    let closing: Promise<void> | undefined;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await connect((t.app.server.address() as AddressInfo).port);
    try {
      // A keep-alive request in flight when close() begins: Node leaves its connection open after
      // the answer, for the keep-alive timeout (72 s), unless the server ends it.
      const { head, body } = captureRequestBytes();
      const answers = readResponses(socket, 1);
      const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(head + body.slice(0, 10));
      await until(() => t.app.requestsInFlight() === 1, 'the request is in flight');

      let stopped = false;
      closing = t.app.close().then(() => {
        stopped = true;
      });
      await until(() => !t.app.server.listening, 'the server stops listening');
      expect(stopped).toBe(false);
      socket.write(body.slice(10));

      const [answer] = await answers;
      expect(answer!.status).toBe(201);
      // The server ends the connection, and close() completes, without the client doing anything.
      await ended;
      await closing;
      expect(stopped).toBe(true);
    } finally {
      socket.destroy();
      await closing;
      await t.close();
    }
  });
});

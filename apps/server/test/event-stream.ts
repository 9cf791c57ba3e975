import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * A server-sent event stream read as a browser's EventSource reads it, from an app listening on a
 * real port (`app.inject` waits for a response to end, and a stream does not).
 */
export async function listenOnPort(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

export type TEventStream<T> = {
  status: number;
  contentType: string | null;
  /** Reads events until one satisfies `matches` (the test's timeout bounds the wait). */
  until(matches: (event: T) => boolean): Promise<T>;
  /** Reads on until the server ends the stream (the test's timeout bounds the wait). */
  ended(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Each stream on a connection of its own that `close` destroys, as a closed tab's: a pooled
 * client may keep a spare connection open after an abort, which holds the server's close.
 */
export async function openEventStream<T>(
  url: string,
  cookie: string,
  headers: Record<string, string> = {},
): Promise<TEventStream<T>> {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = httpRequest(url, {
      agent: false,
      headers: { ...headers, cookie, accept: 'text/event-stream' },
    });
    request.on('response', resolve);
    request.on('error', reject);
    request.end();
  });
  response.setEncoding('utf8');
  const chunks = response[Symbol.asyncIterator]() as AsyncIterator<string>;
  let buffer = '';
  async function next(): Promise<T> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (data) return JSON.parse(data) as T;
        continue;
      }
      const { value, done } = await chunks.next();
      if (done) throw new Error('The stream ended.');
      buffer += value;
    }
  }
  const contentType = response.headers['content-type'];
  return {
    status: response.statusCode ?? 0,
    contentType: contentType ?? null,
    async until(matches) {
      for (;;) {
        const event = await next();
        if (matches(event)) return event;
      }
    },
    async ended() {
      for (;;) {
        const { done } = await chunks.next();
        if (done) return;
      }
    },
    async close() {
      response.destroy();
    },
  };
}

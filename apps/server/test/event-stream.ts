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
  close(): Promise<void>;
};

export async function openEventStream<T>(url: string, cookie: string): Promise<TEventStream<T>> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
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
      if (!reader) throw new Error(`No stream: ${response.status}`);
      const { value, done } = await reader.read();
      if (done) throw new Error('The stream ended.');
      buffer += decoder.decode(value, { stream: true });
    }
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    async until(matches) {
      for (;;) {
        const event = await next();
        if (matches(event)) return event;
      }
    },
    async close() {
      controller.abort();
      await reader?.cancel().catch(() => undefined);
    },
  };
}

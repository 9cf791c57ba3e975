import { Writable } from 'node:stream';

/**
 * A logger stream for tests that read what the app logged: each JSON line parsed into `entries`
 * as it is written. Give `stream` to the test app's `logger` option.
 */
export function captureLog<TEntry = Record<string, unknown>>() {
  const entries: TEntry[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) entries.push(JSON.parse(line) as TEntry);
      done();
    },
  });
  return { entries, stream };
}

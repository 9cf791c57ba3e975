import { format } from 'node:util';
import { afterAll, afterEach } from 'vitest';

/**
 * Setup of every Vitest project (unit, web, integration): an unexpected `console.error` fails
 * the test that printed it, so a library error, a React warning or a failed request is a red test
 * rather than noise in a green run. A test that expects an error says so by mocking it itself:
 *
 *   const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
 *
 * (its calls then go to the spy, not here). What is printed outside a test (in beforeAll or
 * afterAll) fails the file.
 */

const printed: string[] = [];
const print = console.error.bind(console);

console.error = (...args: unknown[]) => {
  printed.push(format(...args));
  print(...args);
};

function takePrinted() {
  return printed.splice(0, printed.length);
}

function failure(where: string, lines: string[]) {
  const shown = lines.map((line) => (line.length > 2000 ? `${line.slice(0, 2000)}…` : line));
  return new Error(
    `console.error was called ${where} (mock it in the test if the error is expected):\n${shown.join('\n---\n')}`,
  );
}

afterEach(() => {
  const lines = takePrinted();
  if (lines.length > 0) throw failure('during this test', lines);
});

afterAll(() => {
  const lines = takePrinted();
  if (lines.length > 0) throw failure('outside a test of this file', lines);
});

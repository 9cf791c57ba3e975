import { createServer, request as forward, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startStripeDouble, TEST_SECRET_KEY } from './stripe-double.ts';

/**
 * One Stripe address for the app (decision 215): Checkout Sessions go to the test double of
 * Stripe's documented shapes (stripe-stateful-mock has none), every other request (charges,
 * refunds) to stripe-stateful-mock 0.0.16, which keeps real state: a refund beyond what is left
 * on a charge is refused there, and an idempotency key returns the first refund. `stripe` is an
 * SDK client of the mock itself, standing for what an admin does in Stripe's dashboard.
 */
export async function startStripeWithMock() {
  const mockApp = (
    createRequire(import.meta.url)('stripe-stateful-mock') as {
      createExpressApp(): Parameters<typeof createServer>[0];
    }
  ).createExpressApp();
  const mock = createServer(mockApp);
  await new Promise<void>((resolve) => mock.listen(0, '127.0.0.1', resolve));
  const mockPort = (mock.address() as AddressInfo).port;
  const double = await startStripeDouble();
  const doublePort = Number(new URL(double.url).port);
  const paths: string[] = [];

  const router: Server = createServer((incoming, outgoing) => {
    const path = (incoming.url ?? '/').split('?')[0]!;
    paths.push(`${incoming.method} ${path}`);
    const port = path.startsWith('/v1/checkout/') ? doublePort : mockPort;
    const proxied = forward(
      { host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    proxied.on('error', () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(proxied);
  });
  await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
  const port = (router.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    double,
    /** Every request the app made, as "METHOD /path". */
    paths,
    stripe: new Stripe(TEST_SECRET_KEY, { host: '127.0.0.1', port: mockPort, protocol: 'http' }),
    async close() {
      await new Promise<void>((resolve) => router.close(() => resolve()));
      await new Promise<void>((resolve) => mock.close(() => resolve()));
      await double.close();
    },
  };
}

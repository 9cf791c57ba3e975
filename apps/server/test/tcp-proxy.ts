import net from 'node:net';

/**
 * A TCP proxy in the test process, in front of a real server (PostgreSQL): `cut()` drops every
 * connection through it and refuses new ones, as a network failure or a restarting database would;
 * `restore()` lets connections through again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  let connections = 0;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A cut link errors on both sides; the proxy itself must not crash the test process.
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (cut) {
      client.destroy();
      return;
    }
    connections += 1;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    host: '127.0.0.1',
    port,
    /** Connections let through so far (a client that reconnects shows up here). */
    connections: () => connections,
    /** Drops every open connection and refuses new ones until `restore()`. */
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
    },
    close() {
      cut = true;
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TTcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;

/** The same database URL, through the proxy. */
export function urlThroughProxy(databaseUrl: string, proxy: Pick<TTcpProxy, 'host' | 'port'>) {
  const url = new URL(databaseUrl);
  url.hostname = proxy.host;
  url.port = String(proxy.port);
  return url.toString();
}

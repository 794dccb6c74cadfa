/**
 * A loopback TCP relay in front of the server that counts the bytes clients send through it, so a
 * test measures what really went over the wire (headers included), not what the SDK reports.
 */
import net from 'node:net';

export interface ByteCounter {
  url: string;
  /** Bytes received from clients so far. */
  sent(): number;
  close(): Promise<void>;
}

/** `dropAt`: once this many bytes have come in, the connection carrying them is cut, once. */
export async function startByteCounter(target: string, options: { dropAt?: number } = {}): Promise<ByteCounter> {
  const { hostname, port } = new URL(target);
  let sent = 0;
  let dropped = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      sent += chunk.length;
      if (options.dropAt !== undefined && !dropped && sent >= options.dropAt) {
        dropped = true;
        end();
      }
    });
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    sent: () => sent,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

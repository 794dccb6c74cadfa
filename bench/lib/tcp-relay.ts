import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** Bytes read from the upstream socket at once, each time into a buffer of its own. */
const READ_BYTES = 1024 * 1024;

export interface TcpRelay {
  url: string;
  close(): void;
}

/**
 * The least any Node process between a client and Kubo's gateway can do: a TCP relay that passes
 * the bytes on unread, no HTTP parsed. The answer is read up to 1 MiB at a time straight into a
 * buffer that is written on as it is, waiting only for a full client socket. A gateway in front of
 * Kubo copies every byte in and out of its memory the same way; this shows what that costs here.
 */
export async function startTcpRelay(target: string): Promise<TcpRelay> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect({
      host: hostname,
      port: Number(port),
      onread: {
        buffer: () => Buffer.allocUnsafe(READ_BYTES),
        callback: (bytes: number, buffer: Uint8Array): boolean => client.write(buffer.subarray(0, bytes)),
      },
    });
    // As Node's HTTP server does for its own sockets: no wait for an ACK before a short segment.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.on('drain', () => upstream.resume());
    upstream.on('end', () => client.end());
    client.pipe(upstream);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

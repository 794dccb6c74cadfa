import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpRelay {
  url: string;
  close(): void;
}

/**
 * The least any Node process between a client and Kubo's gateway can do: a TCP relay that passes
 * the bytes both ways unread (`socket.pipe`), no HTTP parsed. A gateway in front of Kubo copies
 * every byte in and out of its own memory the same way; this shows what that costs on the machine.
 */
export async function startTcpRelay(target: string): Promise<TcpRelay> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: hostname, port: Number(port) });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
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

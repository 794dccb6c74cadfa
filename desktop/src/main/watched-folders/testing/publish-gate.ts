import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PublishGate {
  url: string;
  /** Publish requests that reached the gate, each with what became of it. */
  publishes: Array<'dropped' | 'held' | 'forwarded'>;
  /** Drops the connection of the next `count` publish requests, as a network that fails does. */
  dropNext(count: number): void;
  /** Holds publish requests from now on until `release` is called (then forwards them in order). */
  hold(): { release(): void };
  close(): Promise<void>;
}

const PUBLISH = /^\/api\/v2\/names\/[^/?]+\/publish(\?|$)/;

/**
 * An HTTP proxy in front of a Cairn server on loopback that forwards everything, and can drop or
 * hold the requests that publish a name: what a flaky network or a slow server does to them.
 */
export async function startPublishGate(target: string): Promise<PublishGate> {
  const upstream = new URL(target);
  const publishes: PublishGate['publishes'] = [];
  let drops = 0;
  let held: Array<() => void> | null = null;
  const forward = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const onward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers });
    onward.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    onward.on('error', () => res.destroy());
    req.pipe(onward);
  };
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || !PUBLISH.test(req.url ?? '')) return forward(req, res);
    if (drops > 0) {
      drops--;
      publishes.push('dropped');
      req.socket.destroy();
      return;
    }
    if (held) {
      publishes.push('held');
      held.push(() => forward(req, res));
      return;
    }
    publishes.push('forwarded');
    forward(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    publishes,
    dropNext: (count) => (drops = count),
    hold() {
      const waiting: Array<() => void> = [];
      held = waiting;
      return {
        release() {
          if (held === waiting) held = null;
          for (const send of waiting.splice(0)) send();
        },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KuboNode } from '../../scripts/ipfs-local.mjs';
import { timed } from './measure';

/**
 * The least any Node process between a client and Kubo can do: an HTTP server that pipes the
 * client's multipart body, unread, into Kubo's `add` (CIDv1, raw leaves, unpinned, as Cairn
 * imports) and pipes the answer back. Cairn parses, checks and meters the same bytes on the way;
 * this shows how much of its distance from `ipfs add` is Node's own cost of passing bytes on.
 */
export async function passThroughUpload(kubo: KuboNode, file: string): Promise<{ seconds: number; cid: string }> {
  const agent = new http.Agent({ keepAlive: true });
  const addUrl = new URL('/api/v0/add?cid-version=1&raw-leaves=true&pin=false&progress=false&stream-channels=true', kubo.apiUrl);
  const server = http.createServer((req, res) => {
    const headers = { 'content-type': req.headers['content-type'] ?? '', 'transfer-encoding': 'chunked' };
    const add = http.request(addUrl, { method: 'POST', agent, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json' });
      answer.pipe(res);
    });
    add.on('error', () => res.destroy());
    req.pipe(add);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const { seconds, stdout } = await timed('curl', [
      '-sS',
      '--fail-with-body',
      '-H',
      'Expect:',
      '-F',
      `file=@${file}`,
      `http://127.0.0.1:${port}/`,
    ]);
    const last = stdout.trim().split('\n').at(-1) ?? '';
    return { seconds, cid: (JSON.parse(last) as { Hash: string }).Hash };
  } finally {
    server.closeAllConnections();
    server.close();
    agent.destroy();
  }
}

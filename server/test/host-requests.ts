import http from 'node:http';
import type { TestServer } from './harness';
import { carBytes, rawBlock, unixfsDirectory } from './cars';
import type { TestUser } from './factories';

/**
 * A request to the test server as if it came for `host` (the `Host` header, which fetch does not
 * let a caller set), redirects not followed; the answer as a fetch `Response`.
 */
export function hostFetch(
  server: TestServer,
  host: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path, method: init.method ?? 'GET', headers: { ...init.headers, host } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
          }
          const status = res.statusCode ?? 0;
          const empty = status === 204 || status === 304 || init.method === 'HEAD';
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers }));
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * A site of the account, uploaded as a CAR: `/index.html`, `/hello.txt` and `/sub/a.txt`, with
 * `/sub` a directory that has no index (a listing).
 */
export async function uploadSite(server: TestServer, user: TestUser): Promise<{ root: string; sub: string }> {
  const index = await rawBlock(new TextEncoder().encode('<h1>site</h1>'));
  const hello = await rawBlock(new TextEncoder().encode('hello from the root'));
  const a = await rawBlock(new TextEncoder().encode('a in sub'));
  const sub = await unixfsDirectory([{ name: 'a.txt', cid: a.cid, size: a.bytes.length }]);
  const root = await unixfsDirectory([
    { name: 'hello.txt', cid: hello.cid, size: hello.bytes.length },
    { name: 'index.html', cid: index.cid, size: index.bytes.length },
    { name: 'sub', cid: sub.cid, size: sub.bytes.length + a.bytes.length },
  ]);
  const res = await server.api.request('POST', '/api/v2/upload/car', {
    token: user.token,
    body: await carBytes([root.cid], [root, hello, index, sub, a]),
    headers: { 'content-type': 'application/vnd.ipld.car' },
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`CAR upload failed: ${res.status} ${res.text}`);
  return { root: root.cid.toString(), sub: sub.cid.toString() };
}

/**
 * Node's transport on the wire, against a local HTTP server that records what it receives (the
 * live server cannot tell how a body was framed): files from disk go with their Content-Length,
 * a file that changes meanwhile fails the upload, redirects and cancellation behave as with fetch.
 */
import busboy from 'busboy';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Cairn, CairnError, ConnectionError } from '../src';
import { makeSite, randomFile, tempDir } from './fixtures';

const MiB = 1024 * 1024;

interface Received {
  method: string;
  url: string;
  contentType: string | undefined;
  length: string | undefined;
  encoding: string | undefined;
  bytes: Buffer;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: Promise<Buffer>) => void;

describe('Node transport', () => {
  let server: http.Server;
  let base: string;
  let handlers: Handler[] = [];
  let received: Received[] = [];
  const temp = tempDir();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      const body = new Promise<Buffer>((resolve) => {
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => resolve(Buffer.concat(chunks)));
      });
      void body.then((bytes) =>
        received.push({
          method: req.method!,
          url: req.url!,
          contentType: req.headers['content-type'],
          length: req.headers['content-length'],
          encoding: req.headers['transfer-encoding'],
          bytes,
        }),
      );
      const handler = handlers.shift() ?? ((_q, s, b) => void b.then(() => answer(s, 201, { cid: 'bafy', duplicate: false })));
      handler(req, res, body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    temp.remove();
  });
  beforeEach(() => {
    handlers = [];
    received = [];
  });

  const answer = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const client = () => new Cairn({ baseUrl: base, token: 'cairn_test', retry: { maxRetries: 0 } });

  it('sends files and folders from disk with their exact Content-Length, and a stream of unknown length chunked', async () => {
    const file = randomFile(temp.dir, 'framed.bin', 3 * MiB + 17);
    const site = makeSite(path.join(temp.dir, 'framed'));
    const cairn = client();
    await cairn.uploads.file(file);
    await cairn.uploads.directory(site.root);
    await cairn.uploads.car(file);
    async function* unknownLength() {
      yield new Uint8Array(MiB);
    }
    await cairn.uploads.file(unknownLength(), { filename: 'stream.bin' });
    expect(received.map((r) => r.url.split('?')[0])).toEqual([
      '/api/v2/upload',
      '/api/v2/upload/directory',
      '/api/v2/upload/car',
      '/api/v2/upload',
    ]);
    for (const known of received.slice(0, 3)) {
      expect(known.encoding).toBeUndefined();
      expect(Number(known.length)).toBe(known.bytes.length);
    }
    const content = fs.readFileSync(file);
    expect(received[0]!.bytes.includes(content)).toBe(true);
    expect(received[0]!.bytes.length).toBeGreaterThan(content.length);
    expect(received[2]!.bytes.equals(content)).toBe(true);
    expect(received[1]!.bytes.includes(fs.readFileSync(path.join(site.root, 'img/logo.bin')))).toBe(true);
    expect(received[3]).toMatchObject({ encoding: 'chunked', length: undefined });
  });

  it('sends many small files from disk in one request, each whole and under its exact name, with the exact Content-Length', async () => {
    const files = Array.from({ length: 300 }, (_, i) => randomFile(temp.dir, `small/s${i}.bin`, (i * 997) % 5000));
    const odd = { filename: 'Q3 "draft"; naïve\\x – 😀.txt', content: new TextEncoder().encode('odd') };
    await client().uploads.files([...files, odd]);
    const [request] = received;
    expect(request!.url).toBe('/api/v2/upload/directory?mode=files');
    expect([request!.encoding, Number(request!.length)]).toEqual([undefined, request!.bytes.length]);
    // Read back by busboy, a parser of its own (it reads the RFC 5987 name where there is one).
    const parts = await new Promise<Array<{ name: string; bytes: Buffer }>>((resolve, reject) => {
      const found: Array<{ name: string; bytes: Buffer }> = [];
      const parser = busboy({ headers: { 'content-type': request!.contentType! }, preservePath: true });
      parser.on('file', (_field, stream, info) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => found.push({ name: info.filename ?? '', bytes: Buffer.concat(chunks) }));
      });
      parser.on('close', () => resolve(found));
      parser.on('error', reject);
      parser.end(request!.bytes);
    });
    expect(parts.map((p) => p.name)).toEqual([...files.map((file) => path.basename(file)), odd.filename]);
    files.forEach((file, i) => expect(parts[i]!.bytes.equals(fs.readFileSync(file)), file).toBe(true));
  });

  it('fails an upload whose file changes size while it is sent, without retrying it', async () => {
    const file = randomFile(temp.dir, 'growing.bin', 8 * MiB);
    handlers.push((req, res) => {
      // The file grows once the first bytes arrive; the server then reads slowly to the end.
      req.once('data', () => fs.appendFileSync(file, 'more'));
      req.on('data', () => {
        req.pause();
        setTimeout(() => req.resume(), 1);
      });
      req.on('end', () => answer(res, 201, { cid: 'bafy' }));
    });
    const error = await client()
      .uploads.file(file)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CairnError);
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ status: 0, code: 'file_changed' });
    expect((error as Error).message).toContain('growing.bin changed size');
  });

  it('sends a tus chunk of a file with its Content-Length', async () => {
    const file = randomFile(temp.dir, 'chunked.bin', 2 * MiB);
    handlers.push(
      (_q, s) => answer(s, 201, {}, { location: '/api/v2/uploads/resumable/u1' }),
      (_q, s, b) => void b.then(() => s.writeHead(204, { 'upload-offset': String(MiB) }).end()),
      (_q, s, b) => void b.then(() => answer(s, 200, { cid: 'bafy', size: 2 * MiB, name: 'chunked.bin' })),
    );
    const result = await client().uploads.resumable(file, { chunkSize: MiB });
    expect(result).toMatchObject({ cid: 'bafy', size: 2 * MiB });
    const patches = received.filter((r) => r.method === 'PATCH');
    expect(patches.map((p) => [p.length, p.encoding, p.bytes.length])).toEqual([
      [String(MiB), undefined, MiB],
      [String(MiB), undefined, MiB],
    ]);
    expect(Buffer.concat(patches.map((p) => p.bytes)).equals(fs.readFileSync(file))).toBe(true);
  });

  it('follows a redirect of a GET, as fetch does', async () => {
    handlers.push(
      (_q, s) => s.writeHead(302, { location: `${base}/elsewhere` }).end(),
      (_q, s) => s.writeHead(302, { location: `${base}/elsewhere` }).end(),
      (_q, s) => s.writeHead(200, { 'content-type': 'text/plain' }).end('the content'),
    );
    const response = await client().gateway.get('bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku');
    expect(await response.text()).toBe('the content');
  });

  it('cancels while the answer is read, not only before it arrives', async () => {
    handlers.push((_q, s) => {
      s.writeHead(200, { 'content-type': 'application/octet-stream' });
      s.write(Buffer.alloc(1024));
    });
    const controller = new AbortController();
    const response = await client().gateway.get('bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku', '', {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const error = await response.arrayBuffer().catch((e: unknown) => e);
    // The body's read fails with the signal's reason, as fetch's does.
    expect(error).toBe(controller.signal.reason);
    expect((error as Error).name).toBe('AbortError');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

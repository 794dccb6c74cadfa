import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable, type Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentAbortedError } from '../errors';
import { socketGet } from './socket-get';

const SIZE = 5 * 1024 * 1024 + 123;
const bytes = crypto.randomBytes(SIZE);
let server: http.Server;
let base: string;
const seen: http.IncomingHttpHeaders[] = [];

/** A peer with the answers a gateway can give: whole, ranged, chunked, cut off, slow. */
beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers);
    const path = req.url ?? '';
    if (path === '/whole') return res.writeHead(200, { 'content-length': SIZE }).end(bytes);
    if (path === '/range') {
      const [, from, to] = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '')!.map(Number);
      return res.writeHead(206, { 'content-length': to! - from! + 1 }).end(bytes.subarray(from, to! + 1));
    }
    if (path === '/trickle') {
      // Small writes, each after the last has gone out: the reader sees many small reads.
      res.writeHead(200, { 'content-length': SIZE });
      const write = (from: number): void => {
        if (from >= SIZE) return void res.end();
        res.write(bytes.subarray(from, from + 3000), () => setImmediate(write, from + 3000));
      };
      return write(0);
    }
    if (path === '/chunked') return res.writeHead(200, { 'transfer-encoding': 'chunked' }).end('some text');
    if (path === '/missing') return res.writeHead(404, { 'content-length': 9 }).end('not found');
    if (path === '/cut') {
      res.writeHead(200, { 'content-length': SIZE });
      return res.write(bytes.subarray(0, 1024 * 1024), () => res.destroy());
    }
    if (path === '/slow') {
      res.writeHead(200, { 'content-length': SIZE });
      res.write(bytes.subarray(0, 64 * 1024));
      return; // the rest never comes
    }
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/**
 * A destination that takes its time over each write and only copies the bytes when it is done, as
 * a socket's write does: a read into a buffer still being written would change what it copies.
 */
function slowCopy(): { destination: Writable; chunks: Buffer[] } {
  const chunks: Buffer[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      setImmediate(() => {
        chunks.push(Buffer.from(chunk));
        callback();
      });
    },
  });
  return { destination, chunks };
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('socketGet', () => {
  it('streams an answer of known length byte for byte, with its status and headers', async () => {
    const answer = await socketGet(new URL('/whole', base), { 'x-check': 'yes' });
    expect(answer?.status).toBe(200);
    expect(answer?.headers.get('content-length')).toBe(String(SIZE));
    const got = await readAll(answer!.body);
    expect(got.length).toBe(SIZE);
    expect(got.equals(bytes)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ 'x-check': 'yes', connection: 'close' });
  });

  it('reads a range, and a slow reader keeps every byte in order', async () => {
    const answer = await socketGet(new URL('/range', base), { range: `bytes=1000-${SIZE - 5}` });
    expect(answer?.status).toBe(206);
    const chunks: Buffer[] = [];
    for await (const chunk of answer!.body) {
      chunks.push(chunk as Buffer);
      // The pause is the scenario: a reader slower than the peer, so the socket fills and is held back.
      if (chunks.length % 4 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(Buffer.concat(chunks).equals(bytes.subarray(1000, SIZE - 4))).toBe(true);
  });

  it('keeps every byte of many small reads, held back until the end', async () => {
    const answer = await socketGet(new URL('/trickle', base), {});
    const chunks: Buffer[] = [];
    for await (const chunk of answer!.body) chunks.push(chunk as Buffer);
    // Many reads share one buffer: none may have written over the bytes of another.
    expect(chunks.length).toBeGreaterThan(100);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('relays an answer into a destination byte for byte, reads reusing their buffers only once each write is done', async () => {
    for (const [path, headers, expected] of [
      ['/whole', {}, bytes],
      ['/range', { range: `bytes=7-${SIZE - 2}` }, bytes.subarray(7, SIZE - 1)],
      ['/trickle', {}, bytes],
    ] as const) {
      const answer = await socketGet(new URL(path, base), headers);
      const { destination, chunks } = slowCopy();
      await answer!.body.relay(destination);
      expect(Buffer.concat(chunks).equals(expected), path).toBe(true);
      expect(destination.writableEnded, 'the caller ends it').toBe(false);
    }
  });

  it('fails a relay cut short by the peer, or by a destination that closes', async () => {
    const cut = await socketGet(new URL('/cut', base), {});
    await expect(cut!.body.relay(slowCopy().destination)).rejects.toThrow(/still to come/);

    const slow = await socketGet(new URL('/slow', base), {});
    const { destination } = slowCopy();
    const relaying = slow!.body.relay(destination);
    setTimeout(() => destination.destroy(), 50);
    await expect(relaying).rejects.toBeInstanceOf(ContentAbortedError);
    expect(slow!.body.destroyed).toBe(true);
  });

  it('answers null for a chunked answer, for the ordinary client to read', async () => {
    expect(await socketGet(new URL('/chunked', base), {})).toBeNull();
  });

  it('gives a refusal with its body', async () => {
    const answer = await socketGet(new URL('/missing', base), {});
    expect(answer?.status).toBe(404);
    expect((await readAll(answer!.body)).toString()).toBe('not found');
  });

  it('fails the body when the connection ends before Content-Length bytes', async () => {
    const answer = await socketGet(new URL('/cut', base), {});
    await expect(readAll(answer!.body)).rejects.toThrow(/closed the connection with \d+ bytes of the answer still to come/);
  });

  it('stops on the caller abort, before and during the body', async () => {
    await expect(socketGet(new URL('/whole', base), {}, AbortSignal.abort())).rejects.toBeInstanceOf(ContentAbortedError);
    const controller = new AbortController();
    const answer = await socketGet(new URL('/slow', base), {}, controller.signal);
    const reading = readAll(answer!.body);
    setTimeout(() => controller.abort(new Error('enough')), 50);
    await expect(reading).rejects.toBeInstanceOf(ContentAbortedError);
  });

  it('fails on a closed port and refuses anything but http://', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(socketGet(new URL(`http://127.0.0.1:${port}/`), {})).rejects.toThrow(/ECONNREFUSED/);
    expect(() => socketGet(new URL('https://127.0.0.1/'), {})).toThrow(/plain http/);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFiles } from './multipart';
import { boundaryOf, MalformedMultipartError, MultipartReader, parseDisposition } from './multipart-reader';

const BOUNDARY = 'xYz-0123';

/** A form body with awkward bytes: CRLFs and near-delimiters inside the parts. */
function form(): { body: Buffer; parts: Array<{ disposition: string; bytes: Buffer }> } {
  const parts = [
    { disposition: 'form-data; name="note"', bytes: Buffer.from('a text field') },
    { disposition: 'form-data; name="file"; filename="a.bin"', bytes: Buffer.from(`\r\n--${BOUNDARY.slice(0, 5)}\r\n--x\r\n\r\n`) },
    { disposition: 'form-data; name="file"; filename="docs/b.txt"', bytes: Buffer.alloc(0) },
    { disposition: 'form-data; name="file"; filename="c"', bytes: Buffer.from(Array.from({ length: 300 }, (_, i) => i % 256)) },
  ];
  const body = Buffer.concat([
    Buffer.from('preamble to ignore\r\n'),
    ...parts.flatMap((p) => [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${p.disposition}\r\n\r\n`), p.bytes, Buffer.from('\r\n')]),
    Buffer.from(`--${BOUNDARY}--\r\nepilogue`),
  ]);
  return { body, parts };
}

async function* split(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size);
}

async function readAll(source: AsyncIterable<Uint8Array>) {
  const reader = new MultipartReader(source[Symbol.asyncIterator](), BOUNDARY);
  const parts: Array<{ disposition: string; bytes: Buffer }> = [];
  for (let headers = await reader.nextPart(); headers; headers = await reader.nextPart()) {
    const chunks: Uint8Array[] = [];
    for await (const chunk of reader.body()) chunks.push(chunk);
    parts.push({ disposition: headers.get('content-disposition')!, bytes: Buffer.concat(chunks) });
  }
  return parts;
}

describe('MultipartReader', () => {
  it('reads every part exactly, however the body is cut into chunks', async () => {
    const { body, parts } = form();
    for (let size = 1; size <= body.byteLength; size += size < 80 ? 1 : 37) {
      expect(await readAll(split(body, size)), `chunks of ${size}`).toEqual(parts);
    }
  });

  it('skips the rest of a part nobody read', async () => {
    const { body, parts } = form();
    const reader = new MultipartReader(split(body, 7), BOUNDARY);
    const names: string[] = [];
    for (let headers = await reader.nextPart(); headers; headers = await reader.nextPart()) names.push(headers.get('content-disposition')!);
    expect(names).toEqual(parts.map((p) => p.disposition));
  });

  it('refuses a body cut short, and a part header that never ends', async () => {
    const { body } = form();
    await expect(readAll(split(body.subarray(0, body.byteLength - 20), 64))).rejects.toThrow(MalformedMultipartError);
    const endless = Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nX-Long: `), Buffer.alloc(20_000, 'a')]);
    await expect(readAll(split(endless, 1000))).rejects.toThrow('Malformed part header');
  });
});

describe('multipart headers', () => {
  it('reads dispositions: quoted names with escapes, and filename* over filename', () => {
    expect(parseDisposition('form-data; name="file"; filename="a \\"b\\"; c.txt"')?.params.get('filename')).toBe('a "b"; c.txt');
    const both = parseDisposition(`form-data; name=file; filename="plain.txt"; filename*=UTF-8''%E2%82%AC%20rates.txt`);
    expect([both?.type, both?.params.get('name'), both?.params.get('filename')]).toEqual(['form-data', 'file', '€ rates.txt']);
    expect(parseDisposition(`form-data; filename*=iso-8859-1''%E9t%E9.txt`)?.params.get('filename')).toBe('été.txt');
    expect(parseDisposition('')).toBeNull();
  });

  it('finds the boundary of multipart/form-data only', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc')).toBe('abc');
    expect(boundaryOf('Multipart/Form-Data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(boundaryOf('multipart/form-data')).toBeNull();
    expect(boundaryOf('application/json; boundary=abc')).toBeNull();
    expect(boundaryOf(undefined)).toBeNull();
  });
});

describe('multipartFiles over HTTP', () => {
  let server: http.Server;
  let url: string;
  let handle: (req: http.IncomingMessage) => Promise<unknown>;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      handle(req).then(
        (result) => res.end(JSON.stringify({ ok: result })),
        (error: { status?: number; code?: string }) => {
          res.statusCode = error.status ?? 500;
          res.end(JSON.stringify({ code: error.code }));
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const post = async (body: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });
    return { status: res.status, body: (await res.json()) as { ok?: unknown; code?: string } };
  };

  it('yields the files of one field, with or without their folders, in order', async () => {
    for (const preservePath of [true, false]) {
      handle = async (req) => {
        const files = [];
        for await (const part of multipartFiles(req, { field: 'file', maxFiles: 10, preservePath })) {
          const chunks: Uint8Array[] = [];
          for await (const chunk of part.stream) chunks.push(chunk);
          files.push([part.filename, Buffer.concat(chunks).byteLength]);
        }
        return files;
      };
      const res = await post(form().body);
      expect(res.body.ok).toEqual([
        ['a.bin', 18],
        [preservePath ? 'docs/b.txt' : 'b.txt', 0],
        ['c', 300],
      ]);
    }
  });

  it('answers 413 past the file limit, 400 for a cut body and 415 for another content type', async () => {
    handle = async (req) => {
      for await (const part of multipartFiles(req, { field: 'file', maxFiles: 2, preservePath: false })) for await (const _ of part.stream);
    };
    expect((await post(form().body)).body.code).toBe('too_many_files');
    const cut = form().body.subarray(0, 150);
    expect(await post(cut)).toEqual({ status: 400, body: { code: 'invalid_multipart' } });
    expect((await post(form().body, 'text/plain')).status).toBe(415);
  });
});

import { Readable } from 'node:stream';
import busboy from 'busboy';
import { describe, expect, it } from 'vitest';
import { MalformedMultipartError, MultipartReader } from './multipart-reader';

/**
 * Fuzzing of the upload parser, kept because it is about 3× faster than busboy (`npm run bench --
 * --only=multipart`): every cut of a body into chunks, random bodies full of near-delimiters
 * parsed alike by busboy, mutated bodies that must fail cleanly, and 10,000 parts.
 */

const BOUNDARY = 'q-7Zb';

/** A seeded generator (mulberry32), so a failure is reproducible from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (max: number) => Math.floor(next() * max) };
}

/** Bytes that tempt a parser: pieces of the delimiter, CRLFs, dashes, and random bytes. */
function trickyBytes(rng: ReturnType<typeof random>, length: number): Buffer {
  const delimiter = `\r\n--${BOUNDARY}`;
  const pieces: Buffer[] = [];
  let size = 0;
  while (size < length) {
    const kind = rng.int(4);
    const piece =
      kind === 0
        ? Buffer.from(delimiter.slice(0, 1 + rng.int(delimiter.length - 1)))
        : kind === 1
          ? Buffer.from(['\r\n', '--', '\r', '\n', '\r\n\r\n'][rng.int(5)]!)
          : Buffer.from(Array.from({ length: 1 + rng.int(20) }, () => rng.int(256)));
    pieces.push(piece);
    size += piece.byteLength;
  }
  return Buffer.concat(pieces).subarray(0, length);
}

interface Part {
  name: string;
  filename: string;
  bytes: Buffer;
}

function encode(parts: Part[]): Buffer {
  return Buffer.concat([
    ...parts.flatMap((p) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      p.bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

async function* pieces(body: Buffer, cuts: number[]): AsyncGenerator<Uint8Array> {
  let at = 0;
  for (const cut of [...cuts, body.byteLength]) {
    if (cut > at) yield body.subarray(at, cut);
    at = Math.max(at, cut);
  }
}

async function parse(source: AsyncIterable<Uint8Array>): Promise<Array<{ disposition: string; bytes: Buffer }>> {
  const reader = new MultipartReader(source[Symbol.asyncIterator](), BOUNDARY);
  const parts: Array<{ disposition: string; bytes: Buffer }> = [];
  for (let headers = await reader.nextPart(); headers; headers = await reader.nextPart()) {
    const chunks: Uint8Array[] = [];
    for await (const chunk of reader.body()) chunks.push(chunk);
    parts.push({ disposition: headers.get('content-disposition')!, bytes: Buffer.concat(chunks) });
  }
  return parts;
}

/** busboy's reading of the same body: the oracle for bodies that are valid. */
function oracle(body: Buffer): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const files: Buffer[] = [];
    const parser = busboy({
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      limits: { files: Infinity, parts: Infinity },
    });
    parser.on('file', (_name, stream) => {
      const chunks: Buffer[] = [];
      const index = files.push(Buffer.alloc(0)) - 1;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => (files[index] = Buffer.concat(chunks)));
    });
    parser.on('close', () => resolve(files));
    parser.on('error', reject);
    Readable.from([body]).pipe(parser);
  });
}

function randomParts(rng: ReturnType<typeof random>): Part[] {
  return Array.from({ length: 1 + rng.int(5) }, (_, i) => ({
    name: 'file',
    filename: `dir${i}/f${rng.int(1000)}.bin`,
    bytes: bodyOf(trickyBytes(rng, rng.int(3) === 0 ? 0 : rng.int(400))),
  }));
}

/** A part's content may hold anything but its form's delimiter (RFC 2046): cut it off there. */
function bodyOf(bytes: Buffer): Buffer {
  const at = bytes.indexOf(`\r\n--${BOUNDARY}`);
  return at < 0 ? bytes : bytes.subarray(0, at);
}

describe('multipart parser fuzzing', () => {
  it('reads a body the same wherever it is cut in two, at every byte', async () => {
    const rng = random(1);
    const parts = randomParts(rng);
    const body = encode(parts);
    const wrong: number[] = [];
    for (let cut = 0; cut <= body.byteLength; cut++) {
      const parsed = await parse(pieces(body, [cut]));
      if (parsed.length !== parts.length || parsed.some((p, i) => !p.bytes.equals(parts[i]!.bytes))) wrong.push(cut);
    }
    expect(body.byteLength).toBeGreaterThan(500);
    expect(wrong).toEqual([]);
  });

  it('reads 1,000 random bodies full of near-delimiters as busboy does, in random chunks', async () => {
    const same = (a: Buffer[], b: Buffer[]) => a.length === b.length && a.every((bytes, i) => bytes.equals(b[i]!));
    const wrong: number[] = [];
    for (let seed = 1; seed <= 1000; seed++) {
      const rng = random(seed);
      const parts = randomParts(rng);
      const body = encode(parts);
      const cuts = Array.from({ length: rng.int(12) }, () => rng.int(body.byteLength + 1)).sort((a, b) => a - b);
      const parsed = (await parse(pieces(body, cuts)).catch(() => [])).map((p) => p.bytes);
      if (
        !same(
          parsed,
          parts.map((p) => p.bytes),
        ) ||
        !same(parsed, await oracle(body))
      )
        wrong.push(seed);
    }
    expect(wrong, 'seeds read otherwise than written, or than busboy reads them').toEqual([]);
  });

  it('fails 3,000 mutated bodies with MalformedMultipartError or reads them, never anything else', async () => {
    let refused = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const rng = random(seed * 7919);
      const body = Buffer.from(encode(randomParts(rng)));
      const mutation = rng.int(4);
      let mutated: Buffer;
      if (mutation === 0) mutated = body.subarray(0, rng.int(body.byteLength));
      else if (mutation === 1) {
        for (let i = 0; i < 1 + rng.int(6); i++) body[rng.int(body.byteLength)] = rng.int(256);
        mutated = body;
      } else if (mutation === 2) {
        const at = rng.int(body.byteLength);
        mutated = Buffer.concat([body.subarray(0, at), body.subarray(at + 1 + rng.int(8))]);
      } else {
        // A header section that never ends, or a huge header.
        mutated = Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nX: `), Buffer.alloc(rng.int(40_000), 0x61)]);
      }
      const cuts = Array.from({ length: rng.int(6) }, () => rng.int(mutated.byteLength + 1)).sort((a, b) => a - b);
      try {
        await parse(pieces(mutated, cuts));
      } catch (error) {
        expect(error, `seed ${seed}`).toBeInstanceOf(MalformedMultipartError);
        refused++;
      }
    }
    // Truncations and endless headers alone are a quarter each: most mutations must be refused.
    expect(refused).toBeGreaterThan(1000);
  });

  it('reads 10,000 parts in one body', async () => {
    const parts = Array.from({ length: 10_000 }, (_, i) => ({
      name: 'file',
      filename: `d${i % 100}/${i}.txt`,
      bytes: Buffer.from(`file ${i}\n`),
    }));
    const body = encode(parts);
    const rng = random(42);
    const cuts = Array.from({ length: 500 }, () => rng.int(body.byteLength)).sort((a, b) => a - b);
    const parsed = await parse(pieces(body, cuts));
    expect(parsed).toHaveLength(10_000);
    expect(parsed[9_999]!.bytes.toString()).toBe('file 9999\n');
    expect(parsed.every((p, i) => p.disposition.includes(`filename="d${i % 100}/${i}.txt"`))).toBe(true);
  });
});

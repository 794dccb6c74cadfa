import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startCluster, startKubo } from '../scripts/ipfs-local.mjs';
import { createTestDatabase } from '../server/test/pg';
import type { Benchmark, BenchEnv } from './lib/context';
import { diskBytes, fileBytes, growth, pidOf, tableSizes } from './lib/footprint';
import { randomFile } from './lib/inputs';
import { ipfs, ipfsAdd, kuboGatewayDownload } from './lib/kubo';
import { load } from './lib/load';
import { GiB, MiB, timed } from './lib/measure';
import { cpuSecondsOf } from './lib/proc-stat';
import type { Figure } from './lib/report';
import { startBenchServer } from './lib/server';
import { curlApi, downloadWithCurl, uploadWithCurl } from './lib/upload';

const bounded = (name: string, fallback: number, max: number) => Math.min(Math.max(Number(process.env[name] ?? fallback), 1), max);
/** Records uploaded to measure the database per record (`BENCH_CAPACITY_RECORDS`). */
const RECORDS = bounded('BENCH_CAPACITY_RECORDS', 5000, 100_000);
/** The file imported and served to measure CPU and datastore per byte (`BENCH_CAPACITY_MIB`). */
const SIZE = bounded('BENCH_CAPACITY_MIB', 256, 4096) * MiB;
/** Pins made on one Cluster peer to measure its state per pin (`BENCH_CAPACITY_PINS`). */
const PINS = bounded('BENCH_CAPACITY_PINS', 2000, 50_000);
const BATCH = 500;
const SMALL = 1024;

/**
 * What each part of Cairn holds and costs per unit, the inputs of docs/capacity.md: database
 * bytes per record (PostgreSQL and SQLite, through the upload API), CPU seconds per GiB ingested
 * and served and per million gateway requests (Cairn on its embedded node, and a Kubo daemon),
 * Kubo datastore bytes beyond each byte stored and per small file, and IPFS Cluster state per pin.
 */
export const capacity: Benchmark = async (env) => [
  ...(await databasePerRecord(env)),
  ...(await cairnCpu(env)),
  ...(await kuboFootprint(env)),
  ...(await clusterPerPin(env)),
];

/** `count` files of 1 KiB of random bytes in a folder of their own, and their names. */
function smallFiles(env: BenchEnv, count: number): { folder: string; names: string[] } {
  const folder = mkdtempSync(path.join(env.workDir, 'small-'));
  const names = Array.from({ length: count }, (_, i) => `f${i}.bin`);
  for (const name of names) writeFileSync(path.join(folder, name), randomBytes(SMALL));
  return { folder, names };
}

const report = (benchmark: string, value: number, unit: string, note?: string): Figure => ({
  benchmark,
  value,
  unit,
  reference: null,
  referenceLabel: '',
  note,
});

async function databasePerRecord(env: BenchEnv): Promise<Figure[]> {
  const { folder, names } = smallFiles(env, RECORDS);
  const uploadAll = async (server: Awaited<ReturnType<typeof startBenchServer>>) => {
    for (let i = 0; i < names.length; i += BATCH) {
      const parts = names.slice(i, i + BATCH).flatMap((name) => ['-F', `file=@${path.join(folder, name)};type=application/octet-stream`]);
      await curlApi(server, '/api/v2/upload/directory?mode=files', parts);
    }
  };
  const figures: Figure[] = [];
  const pg = await createTestDatabase();
  try {
    const server = await startBenchServer(env.workDir, { DATABASE_URL: pg.url });
    try {
      const before = await tableSizes(pg.url);
      await uploadAll(server);
      const grown = growth(before, await tableSizes(pg.url));
      const total = grown.reduce((sum, [, bytes]) => sum + bytes, 0);
      const indexes = grown.reduce((sum, [, , bytes]) => sum + bytes, 0);
      const top = grown.slice(0, 4).map(([name, bytes]) => `${name} ${Math.round(bytes / RECORDS)}`);
      figures.push(
        report(
          'PostgreSQL per record',
          total / RECORDS,
          'B',
          `${RECORDS} uploads; indexes ${Math.round(indexes / RECORDS)} B; ${top.join(', ')}`,
        ),
      );
    } finally {
      await server.stop();
    }
  } finally {
    await pg.drop();
  }
  // SQLite: the file as the server leaves it when it stops (its log folded in), empty and then holding the records.
  const sqliteBytes = (dataDir: string) => fileBytes(dataDir, (name) => name.startsWith('cairn.sqlite'));
  let server = await startBenchServer(env.workDir);
  await server.stop({ keepData: true });
  const empty = sqliteBytes(server.dataDir);
  server = await startBenchServer(env.workDir, {}, server.dataDir);
  try {
    await uploadAll(server);
  } finally {
    await server.stop({ keepData: true });
  }
  figures.push(
    report(
      'SQLite per record',
      (sqliteBytes(server.dataDir) - empty) / RECORDS,
      'B',
      `${RECORDS} uploads, the data folder without content`,
    ),
  );
  return figures;
}

async function cairnCpu(env: BenchEnv): Promise<Figure[]> {
  const file = randomFile(env.inputDir, `random-${SIZE / MiB}m.bin`, SIZE);
  const server = await startBenchServer(env.workDir);
  try {
    const at = () => cpuSecondsOf(server.pid);
    const start = at();
    const { cid } = await uploadWithCurl(server, file, 1);
    const ingested = at();
    const { bytes } = await downloadWithCurl(server, cid);
    if (bytes !== SIZE) throw new Error(`gateway sent ${bytes} bytes, expected ${SIZE}`);
    const served = at();
    const small = await uploadWithCurl(server, randomFile(env.inputDir, 'random-1k.bin', SMALL), 1);
    const before = at();
    const requests = await load(`${server.url}/ipfs/${small.cid}`, {}, 8, 10);
    if (requests.errors > 0) throw new Error(`${requests.errors} gateway requests failed`);
    const perMillion = ((at() - before) / requests.requests) * 1e6;
    return [
      report('Cairn CPU per GiB ingested (embedded node)', ((ingested - start) / SIZE) * GiB, 's', `${SIZE / MiB} MiB upload`),
      report('Cairn CPU per GiB served (embedded node)', ((served - ingested) / SIZE) * GiB, 's', 'gateway download of it'),
      report(
        'Cairn CPU per million gateway requests',
        perMillion,
        's',
        `1 KiB file, 8 keep-alive clients, ${Math.round(requests.perSecond)} req/s`,
      ),
    ];
  } finally {
    await server.stop();
  }
}

async function kuboFootprint(env: BenchEnv): Promise<Figure[]> {
  const file = randomFile(env.inputDir, `random-${SIZE / MiB}m.bin`, SIZE);
  const dir = path.join(env.workDir, 'capacity-kubo');
  const kubo = await startKubo({ dir, offline: true });
  try {
    const pid = pidOf('ipfs', `IPFS_PATH=${dir}`);
    if (pid === null) throw new Error('no Kubo daemon found for the capacity benchmark');
    const repo = () => diskBytes(dir, ['daemon.log']);
    const empty = repo();
    const cpu0 = cpuSecondsOf(pid);
    const { cid } = await ipfsAdd(kubo, file, 1);
    const cpu1 = cpuSecondsOf(pid);
    await timed('sync', []);
    const withFile = repo();
    const { bytes } = await kuboGatewayDownload(kubo, cid);
    if (bytes !== SIZE) throw new Error(`Kubo's gateway sent ${bytes} bytes, expected ${SIZE}`);
    const cpu2 = cpuSecondsOf(pid);
    const { folder, names } = smallFiles(env, 1000);
    await ipfsAdd(kubo, folder, 1, true);
    await timed('sync', []);
    const withSmall = repo();
    return [
      report(
        'Kubo datastore beyond the bytes stored',
        ((withFile - empty - SIZE) / SIZE) * 100,
        '%',
        `${SIZE / MiB} MiB file, ipfs add --cid-version=1, on disk after sync`,
      ),
      report(
        'Kubo datastore per 1 KiB file',
        (withSmall - withFile) / names.length,
        'B',
        `${names.length} files in one folder, ipfs add -r`,
      ),
      report('Kubo CPU per GiB ingested', ((cpu1 - cpu0) / SIZE) * GiB, 's', 'the daemon, during ipfs add'),
      report('Kubo CPU per GiB served', ((cpu2 - cpu1) / SIZE) * GiB, 's', 'the daemon, a gateway download'),
    ];
  } finally {
    await kubo.stop();
  }
}

async function clusterPerPin(env: BenchEnv): Promise<Figure[]> {
  const dir = path.join(env.workDir, 'capacity-cluster');
  mkdirSync(dir, { recursive: true });
  const cluster = await startCluster({ dir, peers: 1 });
  let running = true;
  try {
    const node = cluster.nodes[0]!;
    const { folder } = smallFiles(env, PINS);
    // One block per file (raw leaves): every line but the folder's is a file's CID.
    const added = await ipfs(node.kubo, ['add', '-r', '-q', '--cid-version=1', folder]);
    const cids = added.stdout.trim().split('\n').slice(0, -1);
    const kuboPins = () => diskBytes(path.join(dir, 'kubo-0', 'datastore'));
    const kuboBefore = kuboPins();
    for (let i = 0; i < cids.length; i += 8) {
      await Promise.all(
        cids.slice(i, i + 8).map(async (cid) => {
          const response = await fetch(`${node.restUrl}/pins/${cid}`, { method: 'POST' });
          if (!response.ok) throw new Error(`Cluster refused pin ${cid}: ${response.status} ${await response.text()}`);
        }),
      );
    }
    // Kubo pins what the Cluster asks in the background: wait until it holds them all (and the folder).
    const deadline = Date.now() + 300_000;
    while ((await ipfs(node.kubo, ['pin', 'ls', '-q'])).stdout.trim().split('\n').length < cids.length + 1) {
      if (Date.now() > deadline) throw new Error('Kubo did not pin what the Cluster asked within 5 minutes');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await timed('sync', []);
    const kuboPerPin = (kuboPins() - kuboBefore) / cids.length;
    // A stopped peer has written its state to its tables; its write-ahead logs are a fixed
    // allocation (about 70 MB each on disk), reused, not a cost per pin.
    await cluster.stop();
    running = false;
    const tables = fileBytes(path.join(dir, 'cluster-0', 'pebble'), (name) => name.endsWith('.sst'));
    return [
      report('IPFS Cluster state per pin', tables / cids.length, 'B', `${cids.length} pins on one peer (CRDT), its tables once stopped`),
      report('Kubo pin datastore per pin', kuboPerPin, 'B', 'the pinned peer’s Kubo datastore'),
    ];
  } finally {
    if (running) await cluster.stop();
  }
}

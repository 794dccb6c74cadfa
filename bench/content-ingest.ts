/**
 * Content store benchmark, side by side in one run (ratios, not absolute times):
 *   - HTTP upload (multipart, busboy → ContentStore.addFile) of a 1 GiB file, CIDv1 and CIDv0,
 *     against `ipfs_cid` on the same file;
 *   - server RSS growth while uploading 4 GiB and while reading 1 GiB back over HTTP;
 *   - a 10,000-file directory (1-4 KB each) uploaded as one DAG, in files/s.
 * The HTTP layer is a bare node:http route using the server's own multipart reader, so the figures
 * isolate the content store; the real routes add auth and database work on top.
 *
 *   npx tsx bench/content-ingest.ts            # everything (needs ~6 GB free in /tmp)
 *   npx tsx bench/content-ingest.ts --quick    # skip the 4 GiB upload
 */
import '../server/src/content/polyfills';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createEmbeddedContentStore } from '../server/src/content/index';
import { multipartFiles } from '../server/src/lib/multipart';

const WORK = process.env.BENCH_DIR ?? path.join(tmpdir(), 'cairn-bench');
const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const quick = process.argv.includes('--quick');

mkdirSync(WORK, { recursive: true });
const file1g = ensureFile('1g', GiB);
const dataDir = mkdtempSync(path.join(WORK, 'store-'));
const store = await createEmbeddedContentStore({ dataDir, fsync: false });

// RSS is sampled in the server process (the import workers live in it too).
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
const measureRss = async <T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> => {
  global.gc?.();
  const base = process.memoryUsage.rss();
  peakRss = base;
  const result = await work();
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  return { result, growthMb: (peakRss - base) / 1e6 };
};

const server = http.createServer(
  (req, res) =>
    void route(req, res).catch((error: Error) => {
      res.statusCode = 500;
      res.end(error.message);
    }),
);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', base);
  const signal = abortOnClose(req);
  if (req.method === 'POST' && url.pathname === '/upload') {
    const cidVersion = url.searchParams.get('cidVersion') === '0' ? 0 : 1;
    for await (const part of multipartFiles(req, { field: 'file', maxFiles: 1, preservePath: false })) {
      const added = await store.addFile(part.stream, { cidVersion, maxBytes: 5 * GiB, signal });
      res.end(JSON.stringify(added));
      return;
    }
  }
  if (req.method === 'POST' && url.pathname === '/directory') {
    const parts = multipartFiles(req, { field: 'file', maxFiles: 20_000, preservePath: true });
    const added = await store.addDirectory(
      (async function* () {
        for await (const part of parts) yield { path: part.filename, content: part.stream };
      })(),
      { maxBytes: 10 * GiB, signal },
    );
    res.end(JSON.stringify({ cid: added.cid, files: added.files.length }));
    return;
  }
  if (req.method === 'GET' && url.pathname.startsWith('/ipfs/')) {
    Readable.from(store.cat(url.pathname.slice(6), { signal })).pipe(res);
    return;
  }
  res.statusCode = 404;
  res.end();
}

function abortOnClose(req: http.IncomingMessage): AbortSignal {
  const controller = new AbortController();
  req.on('close', () => {
    if (!req.complete) controller.abort(new Error('client disconnected'));
  });
  return controller.signal;
}

function ensureFile(name: string, size: number): string {
  const file = path.join(WORK, name);
  if (existsSync(file) && statSync(file).size === size) return file;
  console.log(`creating ${file} (${size / MiB} MiB)…`);
  if (size === GiB) execFileSync('sh', ['-c', `head -c ${size} /dev/urandom > ${file}`]);
  else execFileSync('sh', ['-c', `for i in 1 2 3 4; do cat ${ensureFile('1g', GiB)}; done > ${file}`]);
  return file;
}

function run(command: string, args: string[]): Promise<{ seconds: number; stdout: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // ipfs_cid prints its own timing on stderr: keep the report readable.
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', command === 'ipfs_cid' ? 'ignore' : 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve({ seconds: (performance.now() - started) / 1000, stdout }) : reject(new Error(`${command} exited ${code}`)),
    );
  });
}

const upload = (file: string, cidVersion: 0 | 1) =>
  run('curl', ['-sS', '--fail', '-F', `file=@${file};type=application/octet-stream`, `${base}/upload?cidVersion=${cidVersion}`]);
const mibs = (bytes: number, seconds: number) => bytes / MiB / seconds;
const row = (label: string, value: string, reference: string, ratio: number, target: string) =>
  console.log(
    `${label.padEnd(38)} ${value.padStart(14)}   ref ${reference.padStart(14)}   ratio ${ratio.toFixed(2).padStart(5)}  (target ${target})`,
  );

console.log(`cairn content-store bench, ${new Date().toISOString()}, load ${execFileSync('cat', ['/proc/loadavg']).toString().trim()}`);

// Ingest: ipfs_cid right before each upload so both see the same machine state.
for (const cidVersion of [1, 0] as const) {
  const ref = mibs(GiB, (await run('ipfs_cid', [file1g])).seconds);
  const { result, growthMb } = await measureRss(() => upload(file1g, cidVersion));
  const ours = mibs(GiB, result.seconds);
  row(
    `HTTP upload 1 GiB, CIDv${cidVersion}`,
    `${ours.toFixed(0)} MiB/s`,
    `${ref.toFixed(0)} MiB/s`,
    ours / ref,
    cidVersion === 1 ? '>= 2' : '>= 1',
  );
  console.log(`${''.padEnd(38)} cid ${JSON.parse(result.stdout).cid}, RSS +${growthMb.toFixed(0)} MB`);
  if (cidVersion === 0) {
    // Read back through HTTP: memory must stay flat, throughput vs ipfs_cid.
    const cid = JSON.parse(result.stdout).cid as string;
    const read = await measureRss(() => run('curl', ['-sS', '--fail', '-o', '/dev/null', `${base}/ipfs/${cid}`]));
    const readRef = mibs(GiB, (await run('ipfs_cid', [file1g])).seconds);
    row(
      'HTTP read 1 GiB (cat)',
      `${mibs(GiB, read.result.seconds).toFixed(0)} MiB/s`,
      `${readRef.toFixed(0)} MiB/s`,
      mibs(GiB, read.result.seconds) / readRef,
      '>= 2',
    );
    console.log(`${''.padEnd(38)} RSS +${read.growthMb.toFixed(0)} MB (target < 200)`);
  }
}

if (!quick) {
  const file4g = ensureFile('4g', 4 * GiB);
  const { result, growthMb } = await measureRss(() => upload(file4g, 1));
  console.log(
    `${'HTTP upload 4 GiB, CIDv1'.padEnd(38)} ${`${mibs(4 * GiB, result.seconds).toFixed(0)} MiB/s`.padStart(14)}   RSS +${growthMb.toFixed(0)} MB (target < 200)`,
  );
}

// Directory of 10,000 small files as one DAG, sent as one multipart body.
const body = path.join(WORK, 'dir10k.multipart');
const boundary = 'cairnbench0123456789';
if (!existsSync(body)) {
  const parts: Buffer[] = [];
  let seed = 1;
  for (let i = 0; i < 10_000; i++) {
    const size = 1024 + ((seed = (seed * 1103515245 + 12345) >>> 0) % 3073);
    const content = Buffer.alloc(size, `file ${i} `);
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="site/d${i % 100}/f${i}.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      ),
      content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  writeFileSync(body, Buffer.concat(parts));
}
const dir = await run('curl', [
  '-sS',
  '--fail',
  '-H',
  `content-type: multipart/form-data; boundary=${boundary}`,
  '--data-binary',
  `@${body}`,
  `${base}/directory`,
]);
const filesPerSecond = 10_000 / dir.seconds;
row('HTTP directory 10,000 files, one DAG', `${filesPerSecond.toFixed(0)} files/s`, '850 files/s*', filesPerSecond / 850, '>= 2');
console.log(`${''.padEnd(38)} cid ${JSON.parse(dir.stdout).cid}   (*ipfs-car pack figure from shared/notes: not installed here)`);

clearInterval(sampler);
server.close();
await store.close();
rmSync(dataDir, { recursive: true, force: true });

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import type { Benchmark } from './lib/context';
import { randomFile } from './lib/inputs';
import { GiB, MiB } from './lib/measure';
import type { Figure } from './lib/report';
import { startBenchServer, type BenchServer } from './lib/server';
import { uploadWithCurl } from './lib/upload';

const CLIENT = fileURLToPath(new URL('./resumable-client.mjs', import.meta.url));
/** 1 GiB; `BENCH_RESUME_BYTES` sets another size (a small one while working on it). */
const SIZE = Number(process.env.BENCH_RESUME_BYTES ?? GiB);
const CLIENT_TIMEOUT_MS = 600_000;

/** Where each attempt is cut, as a share of the file, and what is killed there. */
const CUTS = [
  { at: 0.3, kill: 'client' },
  { at: 0.6, kill: 'server' },
  { at: 0.9, kill: 'client' },
] as const;

interface Attempt {
  /** Bytes this client process handed to its socket. */
  sent: number;
  /** The server's answer to the last PATCH, when the file was completed. */
  done?: string;
}

/**
 * One client process resuming the upload; killed (SIGKILL) once the offset it started from plus
 * what it sent passes `cutAt` bytes, after `onCut` (which may kill the server instead).
 */
function runClient(
  uploadUrl: string,
  file: string,
  token: string,
  startOffset: number,
  cutAt: number | null,
  onCut: () => void,
): Promise<Attempt> {
  const child = spawn(process.execPath, [CLIENT, uploadUrl, file, token], { stdio: ['ignore', 'pipe', 'pipe'] });
  const attempt: Attempt = { sent: 0 };
  let cut = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), CLIENT_TIMEOUT_MS);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('sent ')) attempt.sent = Number(line.slice(5));
      if (line.startsWith('done ')) attempt.done = line.slice(5);
      if (!cut && cutAt !== null && startOffset + attempt.sent >= cutAt) {
        cut = true;
        onCut();
        child.kill('SIGKILL');
      }
    });
    child.once('error', reject);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(attempt);
    });
  });
}

async function offsetOf(server: BenchServer, uploadUrl: string): Promise<number> {
  const res = await fetch(uploadUrl, { method: 'HEAD', headers: { authorization: `Bearer ${server.token}`, 'tus-resumable': '1.0.0' } });
  if (res.status !== 200) throw new Error(`HEAD answered ${res.status}`);
  return Number(res.headers.get('upload-offset'));
}

/**
 * A file uploaded over tus, cut at 30 % (client killed), 60 % (server killed and restarted on its
 * data directory) and 90 % (client killed), then resumed to the end: bytes sent in all against
 * the file's size, and the CID against a plain upload of the same file.
 */
export const resumable: Benchmark = async (env) => {
  const file = randomFile(env.inputDir, `random-resume-${SIZE}.bin`, SIZE);
  let server = await startBenchServer(env.workDir);
  const { token } = server;
  try {
    const reference = await uploadWithCurl(server, file, 1);
    const plain = await server.api<{ files: { uploadId: string }[] }>('GET', '/users/me/uploads');
    await server.api('DELETE', `/uploads/${plain.files[0]!.uploadId}`);

    const create = await fetch(`${server.url}/api/v2/uploads/resumable`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-length': String(SIZE) },
    });
    if (create.status !== 201) throw new Error(`creation answered ${create.status}`);
    const path = create.headers.get('location')!;
    const started = performance.now();
    let totalSent = 0;
    let offset = 0;
    const offsets: string[] = [];
    let last: Attempt | undefined;
    for (const cut of [...CUTS, null]) {
      let killServer = false;
      last = await runClient(`${server.url}${path}`, file, token, offset, cut ? cut.at * SIZE : null, () => {
        killServer = cut?.kill === 'server';
        if (killServer) process.kill(server.pid, 'SIGKILL');
      });
      totalSent += last.sent;
      if (killServer) {
        await server.stop({ keepData: true });
        server = { ...(await startBenchServer(env.workDir, {}, server.dataDir)), token };
      }
      if (cut) {
        offset = await offsetOf(server, `${server.url}${path}`);
        offsets.push(`${((offset / SIZE) * 100).toFixed(1)} %`);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const [status, ...rest] = (last?.done ?? '').split(' ');
    if (status !== '200') throw new Error(`the last PATCH answered ${last?.done ?? 'nothing'}`);
    const record = JSON.parse(rest.join(' ')) as { cid: string };
    if (record.cid !== reference.cid) throw new Error(`CID ${record.cid} differs from the plain upload's ${reference.cid}`);
    const size = `${(SIZE / MiB).toFixed(0)} MiB`;
    const figures: Figure[] = [
      {
        benchmark: `tus ${size} cut 3 times, bytes sent`,
        value: (totalSent / SIZE) * 100,
        unit: '% of size',
        reference: null,
        referenceLabel: '',
        target: { max: 105, of: 'value' },
        note: `offsets kept at the cuts: ${offsets.join(', ')}; CID ${record.cid} = plain upload's; ${seconds.toFixed(1)} s`,
      },
    ];
    return figures;
  } finally {
    await server.stop();
  }
};

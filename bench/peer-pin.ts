import type { Benchmark } from './lib/context';
import { randomFile } from './lib/inputs';
import { MiB, mibPerSecond } from './lib/measure';
import type { Figure } from './lib/report';
import { startBenchServer, type BenchServer } from './lib/server';
import { downloadWithCurl, uploadWithCurl } from './lib/upload';

const SIZE = 256 * MiB;
const POLL_MS = 100;
const PIN_TIMEOUT_MS = 600_000;
const LOOPBACK = { IPFS_NETWORK: 'peers', IPFS_LISTEN: '/ip4/127.0.0.1/tcp/0' };

/** A 256 MiB file uploaded to server A, pinned by CID on server B (bitswap over loopback). */
export const peerPin: Benchmark = async (env) => {
  const file = randomFile(env.inputDir, 'random-256m.bin', SIZE);
  const a = await startBenchServer(env.workDir, LOOPBACK);
  let b: BenchServer | undefined;
  try {
    b = await startBenchServer(env.workDir, { ...LOOPBACK, IPFS_PEERS: a.multiaddrs.join(',') });
    const { cid } = await uploadWithCurl(a, file, 1);
    const started = performance.now();
    const job = await b.api<{ id: string; status: string }>('POST', '/pins', { cid, originalName: 'peer.bin' });
    const status = await untilSettled(b, job);
    const seconds = (performance.now() - started) / 1000;
    if (status !== 'pinned') throw new Error(`the pin ended ${status}`);
    const back = await downloadWithCurl(b, cid);
    if (back.bytes !== SIZE) throw new Error(`B's gateway sent ${back.bytes} bytes, expected ${SIZE}`);
    const figure: Figure = {
      benchmark: 'pin 256 MiB by CID from a peer server',
      value: mibPerSecond(SIZE, seconds),
      unit: 'MiB/s',
      reference: null,
      referenceLabel: '',
      note: `two servers on loopback, IPFS_NETWORK=peers, ${seconds.toFixed(1)} s`,
    };
    return [figure];
  } finally {
    await b?.stop();
    await a.stop();
  }
};

async function untilSettled(server: BenchServer, job: { id: string; status: string }): Promise<string> {
  const deadline = Date.now() + PIN_TIMEOUT_MS;
  let current: { status: string; error?: string | null } = job;
  while ((current.status === 'queued' || current.status === 'pinning') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    current = await server.api<{ status: string; error: string | null }>('GET', `/pins/${job.id}`);
  }
  return current.error ? `${current.status}: ${current.error}` : current.status;
}

import type { Benchmark } from './lib/context';
import { randomFile } from './lib/inputs';
import { ipfsCidMibs, MiB, mibPerSecond } from './lib/measure';
import type { Figure } from './lib/report';
import { startBenchServer, type BenchServer } from './lib/server';
import { downloadWithCurl, uploadWithCurl } from './lib/upload';

/** The file's size (`BENCH_COUNTING_MIB`, 64 by default) and rounds per side (`BENCH_COUNTING_ROUNDS`, 5). */
const SIZE = Math.min(Math.max(Number(process.env.BENCH_COUNTING_MIB ?? 64), 1), 4096) * MiB;
const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_COUNTING_ROUNDS ?? 5), 1), 50);

/**
 * What counting the gateway's bandwidth costs a download: the same file from two servers started
 * side by side, one with `BANDWIDTH_COUNTING=false` (the gateway as it was before counting), one
 * counting, read in turn (one uncounted round first), each side's best round. The file is in the
 * page cache after the first read, so the figure is the gateway's own work, not the disk's.
 */
export const gatewayCounting: Benchmark = async (env) => {
  const file = randomFile(env.inputDir, `random-${SIZE / MiB}m.bin`, SIZE);
  const servers: BenchServer[] = [];
  try {
    const off = await startBenchServer(env.workDir, { BANDWIDTH_COUNTING: 'false' });
    servers.push(off);
    const on = await startBenchServer(env.workDir, { BANDWIDTH_COUNTING: 'true', BANDWIDTH_FLUSH_SECONDS: '1' });
    servers.push(on);
    const cidOff = (await uploadWithCurl(off, file, 1)).cid;
    const cidOn = (await uploadWithCurl(on, file, 1)).cid;
    const best = { off: Infinity, on: Infinity };
    for (let round = 0; round <= ROUNDS; round++) {
      const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      for (const side of order) {
        const result = await downloadWithCurl(side === 'on' ? on : off, side === 'on' ? cidOn : cidOff);
        if (result.bytes !== SIZE) throw new Error(`gateway sent ${result.bytes} bytes, expected ${SIZE}`);
        if (round > 0) best[side] = Math.min(best[side], result.seconds);
      }
    }
    // Every counted download reached the database (the flush runs each second): a fast wrong count fails.
    const counted = await waitForCount(on, ROUNDS + 1, SIZE);
    const reference = await ipfsCidMibs(file, SIZE);
    const label = `${SIZE / MiB} MiB`;
    const figures: Figure[] = [
      {
        benchmark: `gateway download ${label}, counting on vs off`,
        value: mibPerSecond(SIZE, best.on),
        unit: 'MiB/s',
        reference: mibPerSecond(SIZE, best.off),
        referenceLabel: 'BANDWIDTH_COUNTING=false',
        target: { min: 0.95, of: 'ratio' },
        note: `best of ${ROUNDS} rounds each, in turn, warm; ${counted} bytes counted`,
      },
      {
        benchmark: `gateway download ${label}, counting off`,
        value: mibPerSecond(SIZE, best.off),
        unit: 'MiB/s',
        reference,
        referenceLabel: 'ipfs_cid',
      },
      {
        benchmark: `gateway download ${label}, counting on`,
        value: mibPerSecond(SIZE, best.on),
        unit: 'MiB/s',
        reference,
        referenceLabel: 'ipfs_cid',
      },
    ];
    return figures;
  } finally {
    for (const server of servers) await server.stop();
  }
};

/** The month's bytes of the bench account once they equal `downloads` × `size`, within 20 s. */
async function waitForCount(server: BenchServer, downloads: number, size: number): Promise<number> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const usage = await server.api<{ month: { bytes: number } }>('GET', '/users/me/usage/bandwidth');
    if (usage.month.bytes === downloads * size) return usage.month.bytes;
    if (Date.now() > deadline) throw new Error(`counted ${usage.month.bytes} bytes, expected ${downloads * size}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

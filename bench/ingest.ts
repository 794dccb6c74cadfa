import type { Benchmark } from './lib/context';
import { randomFile } from './lib/inputs';
import { GiB, ipfsCidMibs, MiB, mibPerSecond, timed, withRss } from './lib/measure';
import type { Figure } from './lib/report';
import { startBenchServer, type BenchServer } from './lib/server';
import { downloadWithCurl, uploadWithCurl } from './lib/upload';

const MEMORY_LIMIT_MB = 200;

/**
 * 1 GiB over HTTP to a running server (warmed up by a 64 MiB upload of each kind), CIDv1 and
 * CIDv0, each right after `ipfs_cid` on the same file; the same file back through the gateway of a freshly started server (a cold read, from
 * its idle RSS); with the full run, RSS while a fresh server takes a 4 GiB upload.
 */
export const ingest: Benchmark = async (env) => {
  const file = randomFile(env.inputDir, 'random-1g.bin', GiB);
  const figures: Figure[] = [];
  let server: BenchServer | undefined = await startBenchServer(env.workDir);
  try {
    // A running server has taken uploads before: one small one of each kind warms its code up.
    const warmUp = randomFile(env.inputDir, 'random-64m.bin', 64 * MiB);
    for (const cidVersion of [1, 0] as const) await uploadWithCurl(server, warmUp, cidVersion);
    let v1Cid = '';
    for (const cidVersion of [1, 0] as const) {
      const reference = await ipfsCidMibs(file, GiB);
      const { result, growthMb } = await withRss(server.pid, () => uploadWithCurl(server!, file, cidVersion));
      if (cidVersion === 1) v1Cid = result.cid;
      const note = cidVersion === 0 ? await sameAsIpfsCid(file, result.cid) : `cid ${result.cid}`;
      figures.push({
        benchmark: `upload 1 GiB over HTTP, CIDv${cidVersion}`,
        value: mibPerSecond(GiB, result.seconds),
        unit: 'MiB/s',
        reference,
        referenceLabel: 'ipfs_cid',
        target: { min: cidVersion === 1 ? 2 : 1, of: 'ratio' },
        note: `${note}; server RSS +${growthMb.toFixed(0)} MB`,
      });
    }

    await server.stop({ keepData: true });
    server = await startBenchServer(env.workDir, {}, server.dataDir);
    const reference = await ipfsCidMibs(file, GiB);
    const { result, growthMb } = await withRss(server.pid, () => downloadWithCurl(server!, v1Cid));
    if (result.bytes !== GiB) throw new Error(`gateway sent ${result.bytes} bytes, expected ${GiB}`);
    figures.push({
      benchmark: 'gateway download 1 GiB',
      value: mibPerSecond(GiB, result.seconds),
      unit: 'MiB/s',
      reference,
      referenceLabel: 'ipfs_cid',
      target: { min: 2, of: 'ratio' },
      note: 'a freshly started server, the file not in the page cache',
    });
    figures.push(rssFigure('server RSS growth, gateway download 1 GiB', growthMb));
    await server.stop();
    server = undefined;

    if (env.full) {
      const big = randomFile(env.inputDir, 'random-4g.bin', 4 * GiB);
      server = await startBenchServer(env.workDir);
      const upload = await withRss(server.pid, () => uploadWithCurl(server!, big, 1));
      figures.push(
        rssFigure(
          'server RSS growth, upload 4 GiB',
          upload.growthMb,
          `a freshly started server; ${mibPerSecond(4 * GiB, upload.result.seconds).toFixed(0)} MiB/s`,
        ),
      );
    }
  } finally {
    await server?.stop();
  }
  return figures;
};

function rssFigure(benchmark: string, growthMb: number, note?: string): Figure {
  return {
    benchmark,
    value: growthMb,
    unit: 'MB',
    reference: null,
    referenceLabel: '',
    target: { max: MEMORY_LIMIT_MB, of: 'value' },
    note,
  };
}

/** The CIDv0 must be the one a default `ipfs add` gives: `ipfs_cid` computes it independently. */
async function sameAsIpfsCid(file: string, cid: string): Promise<string> {
  const expected = (JSON.parse((await timed('ipfs_cid', [file], true)).stdout) as { CIDv0: string }).CIDv0;
  if (expected !== cid) throw new Error(`CIDv0 ${cid} differs from ipfs_cid's ${expected}`);
  return `cid ${cid} = ipfs_cid`;
}

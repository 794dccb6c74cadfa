import { rmSync } from 'node:fs';
import path from 'node:path';
import { startCluster, startKubo, type KuboNode, type LocalCluster } from '../scripts/ipfs-local.mjs';
import type { Benchmark } from './lib/context';
import { randomFile, randomFolder } from './lib/inputs';
import { ipfsAdd, ipfsCollect, ipfsRemove, kuboGatewayDownload } from './lib/kubo';
import { MiB, mibPerSecond, settleDisks, timed } from './lib/measure';
import type { Figure } from './lib/report';
import { startByteRelay, type ByteRelay } from './lib/relay';
import { startBenchServer, type BenchServer } from './lib/server';
import { curlDownload, downloadWithCurl, uploadFolderWithCurl, uploadWithCurl } from './lib/upload';

/** The file's size in MiB: 1 GiB unless BENCH_ENGINES_MIB asks for a quick run. */
const SIZE_MIB = Math.max(1, Number(process.env.BENCH_ENGINES_MIB ?? 1024));
const SIZE = SIZE_MIB * MiB;
/** A folder of large files, as a user drags one in: 16 files of 16 MiB (or of BENCH_ENGINES_MIB / 64). */
const FOLDER_FILES = 16;
const FOLDER_FILE_BYTES = Math.max(1, Math.floor(SIZE_MIB / 64)) * MiB;
const WARM_UP = 32 * MiB;
const CLUSTER_PEERS = 3;
/** Every peer keeps a copy, as the Cluster's default (-1) asks. */
const REPLICATION = -1;
const REPLICATED_WAIT_MS = 600_000;
const DOWNLOAD_PAIRS = 5;
/** Rounds of each upload against `ipfs add`: each side's best is taken. */
const UPLOAD_ROUNDS = Math.max(1, Number(process.env.BENCH_ENGINES_ROUNDS ?? 5));
/**
 * Rounds run before those, and not counted: a daemon's first import after it starts has been up
 * to twice as fast as every later one, so whichever side went first got a time no later round
 * could reach.
 */
const WARM_UP_ROUNDS = Math.max(0, Number(process.env.BENCH_ENGINES_WARM_UP ?? 1));

const sizeText = SIZE_MIB % 1024 === 0 ? `${SIZE_MIB / 1024} GiB` : `${SIZE_MIB} MiB`;

/**
 * Cairn on the engines users compare it with, each against Kubo itself in the same run: the same
 * file uploaded over HTTP through Cairn on the `cluster` engine (3 peers) and on the `kubo` engine,
 * in turn with `ipfs add` of it on the Kubo node the engine writes to (the CLI against that daemon;
 * each import undone before the next, so both write every block; each side's best of a few); the
 * embedded engine against `ipfs add` for comparison; and the file read back through Cairn's gateway
 * on the `cluster` engine against that Kubo node's own gateway, and a folder of large files uploaded
 * as one DAG on the `cluster` engine against `ipfs add -r`. Every upload must give `ipfs add`'s
 * CID.
 */
export const engines: Benchmark = async (env) => {
  const file = randomFile(env.inputDir, SIZE_MIB === 1024 ? 'random-1g.bin' : `random-${SIZE_MIB}m.bin`, SIZE);
  const warmUp = randomFile(env.inputDir, 'random-32m.bin', WARM_UP);
  await timed('sh', ['-c', `cat "${file}" > /dev/null`]);
  const folder = randomFolder(env.inputDir, FOLDER_FILES, FOLDER_FILE_BYTES);
  const inputs = { file: { path: file, bytes: SIZE }, folder, warmUp };
  return [...(await onCluster(env.workDir, inputs)), ...(await onKubo(env.workDir, inputs.file, warmUp))];
};

async function onCluster(
  workDir: string,
  { file, folder, warmUp }: { file: Input; folder: { folder: string; names: string[] }; warmUp: string },
): Promise<Figure[]> {
  const dir = path.join(workDir, 'cluster');
  let cluster: LocalCluster | undefined;
  let server: BenchServer | undefined;
  let gatewayRelay: ByteRelay | undefined;
  try {
    cluster = await startCluster({ dir, peers: CLUSTER_PEERS, replicationMin: REPLICATION, replicationMax: REPLICATION });
    // Cairn writes through the first peer's Cluster API and reads through its Kubo.
    const kubo = cluster.nodes[0]!.kubo;
    server = await startBenchServer(workDir, cluster.env);
    await untilReplicated(server, (await uploadWithCurl(server, warmUp, 1)).cid);
    // The other peers copy each upload from the first one once it is answered: measured apart,
    // and over before anything else is.
    let replicated = 0;
    // Collected on every peer, so that each round's copies are made again.
    const forgetEverywhere = forgetUpload(server, ...cluster.nodes.map((node) => node.kubo));
    const upload = await pair(
      kubo,
      file,
      `${CLUSTER_PEERS} peers, each to keep a copy`,
      async () => {
        const uploaded = await uploadWithCurl(server!, file.path, 1);
        replicated = await untilReplicated(server!, uploaded.cid);
        return uploaded;
      },
      forgetEverywhere,
    );

    // Downloads of a second or so: each gateway's best of a few, taken in turn, so that a moment
    // of other work on the machine does not decide the figure.
    // And the same gateway through a byte relay: what a bare copy between curl and Kubo costs.
    gatewayRelay = await startByteRelay(kubo.gatewayUrl);
    const relayUrl = `${gatewayRelay.url}/ipfs/${upload.last.cid}`;
    const times = { kubo: [] as number[], cairn: [] as number[], relay: [] as number[] };
    for (let i = 0; i < DOWNLOAD_PAIRS; i++) {
      for (const [read, list] of [
        [() => kuboGatewayDownload(kubo, upload.last.cid), times.kubo],
        [() => downloadWithCurl(server!, upload.last.cid), times.cairn],
        [() => curlDownload(relayUrl), times.relay],
      ] as const) {
        await settleDisks();
        const { seconds, bytes } = await read();
        if (bytes !== file.bytes) throw new Error(`a gateway sent ${bytes} bytes, expected ${file.bytes}`);
        list.push(seconds);
      }
    }
    // The folder comes last: the downloads above follow the file's uploads directly.
    const folderInput = { path: folder.folder, bytes: FOLDER_FILES * FOLDER_FILE_BYTES, recursive: true };
    const folderUpload = await pair(
      kubo,
      folderInput,
      `as one DAG, ${CLUSTER_PEERS} peers, each to keep a copy (waited for after each answer, untimed)`,
      async () => {
        const uploaded = await uploadFolderWithCurl(server!, folder.folder, folder.names);
        await untilReplicated(server!, uploaded.cid);
        return uploaded;
      },
      forgetEverywhere,
    );
    await forgetEverywhere(folderUpload.last);
    const gateway: Figure = {
      benchmark: `gateway download ${sizeText}, cluster engine`,
      value: mibPerSecond(SIZE, Math.min(...times.cairn)),
      unit: 'MiB/s',
      reference: mibPerSecond(SIZE, Math.min(...times.kubo)),
      referenceLabel: 'Kubo gateway',
      target: { min: 0.8, of: 'ratio' },
      note: `GET /ipfs/{cid} of Cairn (${list(times.cairn)} s) and of the Kubo node it reads through (${list(times.kubo)} s), best of each`,
    };
    const relayed: Figure = {
      benchmark: `gateway download ${sizeText} through a byte relay`,
      value: mibPerSecond(SIZE, Math.min(...times.relay)),
      unit: 'MiB/s',
      reference: mibPerSecond(SIZE, Math.min(...times.kubo)),
      referenceLabel: 'Kubo gateway',
      note: `that Kubo gateway through socat (${list(times.relay)} s), best; the least any process between curl and Kubo costs`,
    };
    const copies: Figure = {
      benchmark: `upload ${sizeText}, cluster engine, until all peers pin`,
      value: mibPerSecond(SIZE, upload.seconds + replicated),
      unit: 'MiB/s',
      reference: null,
      referenceLabel: '',
      note: `the other ${CLUSTER_PEERS - 1} peers held their copies ${replicated.toFixed(1)} s after the last upload was answered`,
    };
    return [
      { ...upload.figure, benchmark: `upload ${sizeText} over HTTP, cluster engine`, target: { min: 0.8, of: 'ratio' } },
      copies,
      gateway,
      relayed,
      {
        ...folderUpload.figure,
        benchmark: `upload folder of ${FOLDER_FILES} files of ${FOLDER_FILE_BYTES / MiB} MiB over HTTP, cluster engine`,
        referenceLabel: 'ipfs add -r',
        target: { min: 0.8, of: 'ratio' },
      },
    ];
  } finally {
    await gatewayRelay?.stop();
    await server?.stop();
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onKubo(workDir: string, file: Input, warmUp: string): Promise<Figure[]> {
  const dir = path.join(workDir, 'kubo');
  let kubo: KuboNode | undefined;
  let server: BenchServer | undefined;
  try {
    kubo = await startKubo({ dir });
    server = await startBenchServer(workDir, { CONTENT_ENGINE: 'kubo', KUBO_API_URL: kubo.apiUrl });
    await uploadWithCurl(server, warmUp, 1);
    const viaKubo = await pair(kubo, file, 'the same daemon', () => uploadWithCurl(server!, file.path, 1), forgetUpload(server, kubo));
    await ipfsRemove(kubo, viaKubo.last.cid);
    await server.stop();
    const relayed = await relayPair(kubo, file);

    server = await startBenchServer(workDir);
    await uploadWithCurl(server, warmUp, 1);
    const embedded = await pair(
      kubo,
      file,
      'SQLite, packs synced to disk',
      () => uploadWithCurl(server!, file.path, 1),
      forgetUpload(server, kubo),
    );
    return [
      { ...viaKubo.figure, benchmark: `upload ${sizeText} over HTTP, kubo engine`, target: { min: 0.9, of: 'ratio' } },
      relayed,
      { ...embedded.figure, benchmark: `upload ${sizeText} over HTTP, embedded engine` },
    ];
  } finally {
    await server?.stop();
    await kubo?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const list = (times: number[]) => times.map((t) => t.toFixed(2)).join(', ');

const uncountedNote = ({ upload, reference }: { upload: number[]; reference: number[] }): string =>
  upload.length ? ` (after ${list(upload)} s against ${list(reference)} s, not counted)` : '';

/** What is uploaded and given to `ipfs add`: a file, or a folder (`ipfs add -r`). */
interface Input {
  path: string;
  bytes: number;
  recursive?: boolean;
}

interface Uploaded {
  seconds: number;
  cid: string;
  size?: number;
}

/** Deletes an upload through Cairn's API, then collects each Kubo node's garbage: the next import of the file writes every block again. */
const forgetUpload =
  (server: BenchServer, ...nodes: KuboNode[]) =>
  async (uploaded: Uploaded & { uploadId?: string }): Promise<void> => {
    await server.api('DELETE', `/uploads/${uploaded.uploadId}`);
    for (const node of nodes) await ipfsCollect(node);
  };

/**
 * `ipfs add --cid-version=1` of the file on `kubo` against `upload` of the same file (to Cairn as
 * a client sends it: `curl -F`, CIDv1, Cairn's default), UPLOAD_ROUNDS times after WARM_UP_ROUNDS
 * uncounted ones, each side's best time. Each import is undone before the next (`ipfs add`'s by
 * `pin rm` and a collection, the upload's by `forget`), so both write every block; the order
 * alternates, so that neither always comes right after a collection, and the last upload, which
 * comes last, is kept (`last`). Every upload must give `ipfs add`'s CID.
 */
async function pair(
  kubo: KuboNode,
  input: Input,
  note: string,
  upload: () => Promise<Uploaded>,
  forget: (uploaded: Uploaded) => Promise<void>,
): Promise<{ seconds: number; figure: Figure; last: Uploaded }> {
  let last: Uploaded | undefined;
  const times = { reference: [] as number[], upload: [] as number[] };
  const uncounted = { reference: [] as number[], upload: [] as number[] };
  let cid: string | undefined;
  const sameCid = (got: string): void => {
    cid ??= got;
    if (got !== cid) throw new Error(`the upload's CID ${got} differs from ipfs add's ${cid}`);
  };
  for (let round = -WARM_UP_ROUNDS; round < UPLOAD_ROUNDS; round++) {
    const counted = round >= 0 ? times : uncounted;
    const add = async (): Promise<void> => {
      const added = await ipfsAdd(kubo, input.path, 1, input.recursive);
      sameCid(added.cid);
      counted.reference.push(added.seconds);
      await ipfsRemove(kubo, added.cid);
    };
    const send = async (): Promise<void> => {
      const uploaded = await upload();
      sameCid(uploaded.cid);
      if (uploaded.size !== undefined && uploaded.size !== input.bytes) {
        throw new Error(`Cairn recorded ${uploaded.size} bytes, expected ${input.bytes}`);
      }
      counted.upload.push(uploaded.seconds);
      last = uploaded;
      if (round < UPLOAD_ROUNDS - 1) await forget(uploaded);
    };
    const uploadFirst = (UPLOAD_ROUNDS - 1 - round) % 2 === 1;
    for (const step of uploadFirst ? [send, add] : [add, send]) {
      await settleDisks();
      await step();
    }
  }
  const seconds = Math.min(...times.upload);
  return {
    last: last!,
    seconds,
    figure: {
      benchmark: '',
      value: mibPerSecond(input.bytes, seconds),
      unit: 'MiB/s',
      reference: mibPerSecond(input.bytes, Math.min(...times.reference)),
      referenceLabel: 'ipfs add',
      note: `cid ${cid} = ipfs add's; best of ${list(times.upload)} s against ${list(times.reference)} s${uncountedNote(uncounted)}; ${note}`,
    },
  };
}

/** `ipfs add` of the file, against the same `ipfs add` through a byte relay into that daemon (see `startByteRelay`). */
async function relayPair(kubo: KuboNode, file: Input): Promise<Figure> {
  const relay = await startByteRelay(kubo.apiUrl);
  try {
    const viaRelay = { ...kubo, apiUrl: relay.url };
    const relayed = await pair(
      kubo,
      file,
      "the CLI's request through socat into the same daemon: the least any process between a client and Kubo costs",
      () => ipfsAdd(viaRelay, file.path, 1),
      (added) => ipfsRemove(kubo, added.cid),
    );
    await ipfsRemove(kubo, relayed.last.cid);
    return { ...relayed.figure, benchmark: `ipfs add of ${sizeText} through a byte relay`, referenceLabel: 'ipfs add, direct' };
  } finally {
    await relay.stop();
  }
}

/** Seconds until Cairn reports the CID pinned on every Cluster peer (`GET /api/v2/status/{cid}`). */
async function untilReplicated(server: BenchServer, cid: string): Promise<number> {
  const started = performance.now();
  const deadline = Date.now() + REPLICATED_WAIT_MS;
  for (;;) {
    const { peers } = await server.api<{ peers: Array<{ peerName: string; status: string; error: string | null }> }>(
      'GET',
      `/status/${cid}`,
    );
    if (peers.length === CLUSTER_PEERS && peers.every((peer) => peer.status === 'pinned')) return (performance.now() - started) / 1000;
    if (Date.now() > deadline) {
      const seen = peers.map((peer) => `${peer.peerName} ${peer.status}${peer.error ? ` (${peer.error})` : ''}`).join(', ');
      throw new Error(`${cid} was not pinned on every peer within ${REPLICATED_WAIT_MS / 1000} s: ${seen || 'no peer reported'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

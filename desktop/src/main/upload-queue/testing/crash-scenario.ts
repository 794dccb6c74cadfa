import crypto from 'node:crypto';
import path from 'node:path';
import { bundleWorker, startWorker, type WorkerLine, type WorkerRun } from './crash-run';
import { ipfsAddCids, writeSmallFiles } from './folder-fixture';
import type { RestartableServer } from './live-server';

export interface CrashScenarioOptions {
  files: number;
  /** A fresh folder for the files, the journal and the worker's bundle. */
  root: string;
  live: RestartableServer;
  /** How long one step (reaching the next cut) may take. */
  stepMs: number;
  concurrency?: number;
}

export interface CrashScenarioReport {
  files: number;
  /** Records the account holds at the end. */
  stored: number;
  /** Files with no record. */
  lost: string[];
  /** Files with more than one record. */
  duplicated: string[];
  /** Records whose CID is not the one `ipfs add` gives the file. */
  wrongCid: string[];
  /** How many files were done when each worker was killed, and when the server restarted. */
  cuts: { killedAt: number[]; serverRestartedAt: number };
  last: { code: number | null; line: WorkerLine | null };
}

const between = (low: number, high: number) => Math.round(low) + crypto.randomInt(Math.max(1, Math.round(high - low)));

/**
 * A folder of `files` small files queued file by file in a queue process, against a real server:
 * the process is SIGKILLed at three random points and the server restarted once on its data
 * folder while a worker runs; a last worker finishes. Then every record of the account is
 * compared with the folder and with the CIDs `ipfs add` gives.
 */
export async function runCrashScenario(options: CrashScenarioOptions): Promise<CrashScenarioReport> {
  const { files: count, root, live, stepMs } = options;
  const folder = path.join(root, 'photos');
  const files = writeSmallFiles(folder, count);
  const expected = ipfsAddCids(files, 2);
  // Awaited at the end; until then a failure must not surface as an unhandled rejection.
  expected.catch(() => undefined);
  await live.start();
  const account = await live.signUp();
  const env = {
    CAIRN_SERVER_URL: live.running().url,
    CAIRN_TOKEN: account.token,
    QUEUE_JOURNAL: path.join(root, 'app-data', 'uploads.json'),
    QUEUE_FOLDER: folder,
    QUEUE_CONCURRENCY: String(options.concurrency ?? 2),
  };
  const bundle = await bundleWorker(root);
  const workers: WorkerRun[] = [];
  const launch = () => {
    const worker = startWorker(bundle, env);
    workers.push(worker);
    return worker;
  };
  const killedAt: number[] = [];
  const killAt = async (worker: WorkerRun, done: number) => {
    killedAt.push((await worker.reached(done, stepMs)).done);
    worker.child.kill('SIGKILL');
    const exit = await worker.exited;
    if (exit.signal !== 'SIGKILL') throw new Error(`the worker ended by itself (${JSON.stringify(exit)}) before it was killed`);
  };
  try {
    await killAt(launch(), between(count * 0.08, count * 0.2));
    const second = launch();
    const serverRestartedAt = (await second.reached(between(count * 0.25, count * 0.35), stepMs)).done;
    await live.stop();
    await new Promise((resolve) => setTimeout(resolve, between(500, 1500)));
    await live.start();
    await killAt(second, between(count * 0.45, count * 0.55));
    await killAt(launch(), between(count * 0.65, count * 0.85));
    const last = await launch().exited;

    const rows = await live.running().app.db.selectFrom('uploads').select(['name', 'cid']).where('user_id', '=', account.userId).execute();
    const cids = await expected;
    const byName = new Map(files.map((file) => [path.basename(file), cids.get(file)]));
    const seen = new Map<string, number>();
    for (const row of rows) seen.set(row.name, (seen.get(row.name) ?? 0) + 1);
    return {
      files: count,
      stored: rows.length,
      lost: [...byName.keys()].filter((name) => !seen.has(name)),
      duplicated: [...seen].filter(([, times]) => times > 1).map(([name]) => name),
      wrongCid: rows.filter((row) => byName.get(row.name) !== row.cid).map((row) => row.name),
      cuts: { killedAt, serverRestartedAt },
      last: { code: last.code, line: last.last },
    };
  } finally {
    for (const worker of workers) worker.child.kill('SIGKILL');
  }
}

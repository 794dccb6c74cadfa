import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { bundleWorker, startWorker } from '../desktop/src/main/upload-queue/testing/crash-run';
import { runCrashScenario } from '../desktop/src/main/upload-queue/testing/crash-scenario';
import { RestartableServer } from '../desktop/src/main/upload-queue/testing/live-server';
import type { Benchmark } from './lib/context';
import { SMALL_FILES, smallTree } from './lib/inputs';
import type { Figure } from './lib/report';
import { startBenchServer } from './lib/server';
import { curlApi } from './lib/upload';

/** Files in the crash run: 10,000, or BENCH_QUEUE_CRASH_FILES for a quick look. */
const CRASH_FILES = Number(process.env.BENCH_QUEUE_CRASH_FILES ?? SMALL_FILES);

/**
 * 10,000 files of 1–4 KB through the desktop app's background queue (from disk, each file its own
 * item of the journal, small files several to a request), against the web UI's folder-as-files
 * upload of the same folder (one multipart request to `mode=files`, as the browser sends it),
 * each to a fresh server.
 */
export const desktopQueue: Benchmark = async (env) => {
  const tree = smallTree(env.inputDir);
  const web = await startBenchServer(env.workDir);
  let webSeconds: number;
  try {
    const { seconds, answer } = await curlApi<{ total: number }>(web, '/api/v2/upload/directory?mode=files', [
      '-H',
      `content-type: ${tree.contentType}`,
      '--data-binary',
      `@${tree.body}`,
    ]);
    const { total } = answer;
    if (total !== SMALL_FILES) throw new Error(`the web upload stored ${total} files, expected ${SMALL_FILES}`);
    webSeconds = seconds;
  } finally {
    await web.stop();
  }

  const server = await startBenchServer(env.workDir);
  try {
    const worker = startWorker(await bundleWorker(env.workDir), {
      CAIRN_SERVER_URL: server.url,
      CAIRN_TOKEN: server.token,
      // A fresh journal each run: one left by an earlier run would hold every file done already.
      QUEUE_JOURNAL: path.join(mkdtempSync(path.join(env.workDir, 'desktop-data-')), 'uploads.json'),
      QUEUE_FOLDER: tree.folder,
    });
    const { code, last } = await worker.exited;
    if (code !== 0 || last?.done !== SMALL_FILES) throw new Error(`the queue ended with ${JSON.stringify(last)}`);
    const peakMb = (last.peakRss ?? 0) / 1024 / 1024;
    const figures: Figure[] = [
      {
        benchmark: `${SMALL_FILES.toLocaleString('en')} files (1-4 KB) through the desktop upload queue`,
        value: SMALL_FILES / ((last.ms ?? 0) / 1000),
        unit: 'files/s',
        reference: SMALL_FILES / webSeconds,
        referenceLabel: 'web UI folder-as-files upload',
        target: { min: 1, of: 'ratio' },
        note: 'each file its own journaled item, small files several to a request, against one multipart request',
      },
      {
        benchmark: 'desktop upload queue process, peak RSS',
        value: peakMb,
        unit: 'MB',
        reference: null,
        referenceLabel: '—',
        target: { max: 150, of: 'value' },
      },
    ];
    return figures;
  } finally {
    await server.stop();
  }
};

/**
 * The crash run at full size: 10,000 files queued, the queue process killed three times and the
 * server restarted once; every file must end up stored exactly once with the CID `ipfs add` gives.
 */
export const desktopQueueCrash: Benchmark = async (env) => {
  const live = new RestartableServer();
  try {
    const started = Date.now();
    const report = await runCrashScenario({
      files: CRASH_FILES,
      root: mkdtempSync(path.join(env.workDir, 'queue-crash-')),
      live,
      stepMs: 30 * 60_000,
    });
    const seconds = (Date.now() - started) / 1000;
    const label = `${CRASH_FILES.toLocaleString('en')} files, queue killed 3 times (at ${report.cuts.killedAt.join(', ')} done), server restarted once (at ${report.cuts.serverRestartedAt})`;
    if (report.last.code !== 0) throw new Error(`the last queue run ended with ${JSON.stringify(report.last)}`);
    const count = (benchmark: string, value: number): Figure => ({
      benchmark: `${label}: ${benchmark}`,
      value,
      unit: 'files',
      reference: null,
      referenceLabel: '—',
      target: { max: 1, of: 'value' },
    });
    return [
      count('files lost', report.lost.length),
      count('files stored twice', report.duplicated.length),
      count('records whose CID is not the ipfs add one', report.wrongCid.length),
      {
        benchmark: `${label}: whole run`,
        value: CRASH_FILES / seconds,
        unit: 'files/s',
        reference: null,
        referenceLabel: '—',
        note: `${report.stored} records for ${CRASH_FILES} files, ${Math.round(seconds)} s with the restarts`,
      },
    ];
  } finally {
    await live.dispose();
  }
};

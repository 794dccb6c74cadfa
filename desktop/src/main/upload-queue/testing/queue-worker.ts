/**
 * The upload queue alone in a process, as the desktop app's main process runs it, for tests that
 * kill it at random moments. Environment: CAIRN_SERVER_URL, CAIRN_TOKEN, QUEUE_JOURNAL and
 * QUEUE_FOLDER (queued as separate files when the journal is new); optionally QUEUE_CONCURRENCY,
 * QUEUE_RESUMABLE_FROM and QUEUE_CHUNK_BYTES (bytes). Prints one JSON line per 100 ms
 * (`{"done":N,"total":N,"sent":bytes}`), then `{"finished":true,...}` and exits once every item is done.
 */
import fs from 'node:fs';
import { HttpUploader } from '../http-uploader';
import { Journal } from '../journal';
import { UploadQueue } from '../upload-queue';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const journalFile = env('QUEUE_JOURNAL');
const isNew = !fs.existsSync(journalFile);
const optional = (name: string): number | undefined => (process.env[name] ? Number(process.env[name]) : undefined);
const uploader = new HttpUploader({
  serverUrl: env('CAIRN_SERVER_URL'),
  token: () => env('CAIRN_TOKEN'),
  cidVersion: 0,
  resumableFromBytes: optional('QUEUE_RESUMABLE_FROM'),
  chunkBytes: optional('QUEUE_CHUNK_BYTES'),
});
const queue = new UploadQueue({
  journal: new Journal(journalFile),
  uploader,
  concurrency: Number(process.env.QUEUE_CONCURRENCY ?? 4),
  backoff: { baseMs: 200, maxMs: 3000 },
  maxAttempts: 50,
});
if (isNew) await queue.add([env('QUEUE_FOLDER')], 'files', 'worker');

/** The process's peak resident memory: the kernel's high-water mark where there is one. */
function highWaterRss(): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]) * 1024;
  } catch {
    // Not Linux: the sampled peak below stands.
  }
  return 0;
}

let peakRss = 0;
const report = (extra: Record<string, unknown> = {}) => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const items = queue.items();
  let done = 0;
  let sent = 0;
  for (const item of items) {
    if (item.status === 'done') done++;
    sent += item.sentBytes;
  }
  process.stdout.write(`${JSON.stringify({ done, total: items.length, sent, blocked: queue.blocked(), ...extra })}\n`);
};
const timer = setInterval(report, 100);
const started = Date.now();
queue.start();
await queue.idle();
clearInterval(timer);
queue.close();
uploader.close();
const failed = queue.items().filter((item) => item.status !== 'done');
peakRss = Math.max(peakRss, highWaterRss());
report({
  finished: true,
  failed: failed.map((item) => ({ name: item.name, status: item.status, error: item.error })),
  peakRss,
  ms: Date.now() - started,
});
process.exit(failed.length === 0 ? 0 : 2);

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiToken, createUser } from '../../../../server/test/factories';
import { bundleWorker, startWorker, type WorkerRun } from './testing/crash-run';
import { ipfsAddCids, writeSmallFiles } from './testing/folder-fixture';
import { RestartableServer } from './testing/live-server';

/**
 * 2,000 files in the everyday run, which keeps `npm test` within its time; the full 10,000-file
 * proof is `QUEUE_CRASH_FILES=10000 npx vitest run desktop/src/main/upload-queue/queue-crash.test.ts`.
 */
const FILES = Number(process.env.QUEUE_CRASH_FILES ?? 2_000);
/** Generous: on a shared, loaded machine the server stores small files at a few dozen per second. */
const STEP_MS = 15 * 60_000;
const live = new RestartableServer();
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-queue-crash-'));
const workers: WorkerRun[] = [];

afterAll(async () => {
  for (const worker of workers) worker.child.kill('SIGKILL');
  await live.dispose();
  fs.rmSync(root, { recursive: true, force: true });
});

const between = (low: number, high: number) => Math.round(low) + crypto.randomInt(Math.max(1, Math.round(high - low)));

async function killAt(worker: WorkerRun, done: number): Promise<void> {
  await worker.reached(done, STEP_MS);
  worker.child.kill('SIGKILL');
  const exit = await worker.exited;
  expect(exit.signal).toBe('SIGKILL');
}

describe('the upload queue, killed three times and its server restarted once', () => {
  it(
    'puts every file of a 10,000-file folder on the server exactly once, with the CID ipfs add gives',
    async () => {
      const folder = path.join(root, 'photos');
      const files = writeSmallFiles(folder, FILES);
      const expected = ipfsAddCids(files, 2);
      // Awaited at the end; until then a failure must not surface as an unhandled rejection.
      expected.catch(() => undefined);
      const server = await live.start();
      const user = await createUser(server);
      const { token } = await createApiToken(server, user);
      const env = {
        CAIRN_SERVER_URL: server.url,
        CAIRN_TOKEN: token,
        QUEUE_JOURNAL: path.join(root, 'app-data', 'uploads.json'),
        QUEUE_FOLDER: folder,
        QUEUE_CONCURRENCY: '2',
      };
      const bundle = await bundleWorker(root);
      const launch = () => {
        const worker = startWorker(bundle, env);
        workers.push(worker);
        return worker;
      };

      await killAt(launch(), between(FILES * 0.08, FILES * 0.2));
      const second = launch();
      await second.reached(between(FILES * 0.25, FILES * 0.35), STEP_MS);
      await live.stop();
      await new Promise((resolve) => setTimeout(resolve, between(500, 1500)));
      await live.start();
      await killAt(second, between(FILES * 0.45, FILES * 0.55));
      await killAt(launch(), between(FILES * 0.65, FILES * 0.85));
      const last = await launch().exited;

      expect(last.code).toBe(0);
      expect(last.last).toMatchObject({ finished: true, done: FILES, total: FILES, failed: [] });
      const rows = await live.server().app.db.selectFrom('uploads').select(['name', 'cid']).where('user_id', '=', user.id).execute();
      const cids = await expected;
      const byName = new Map(files.map((file) => [path.basename(file), cids.get(file)]));
      expect(rows).toHaveLength(FILES);
      expect(new Set(rows.map((row) => row.name)).size).toBe(FILES);
      const wrong = rows.filter((row) => byName.get(row.name) !== row.cid);
      expect(wrong).toEqual([]);
      // The last run alone holds at most the queue and its journal for 10,000 items.
      expect(last.last!.peakRss).toBeLessThanOrEqual(150 * 1024 * 1024);
      console.info(`queue crash run: last segment ${last.last!.ms} ms, peak RSS ${Math.round(last.last!.peakRss! / 1048576)} MB`);
    },
    60 * 60_000,
  );
});

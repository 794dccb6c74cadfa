import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCrashScenario } from './testing/crash-scenario';
import { RestartableServer } from './testing/live-server';

/**
 * 1,000 files in the everyday run, which keeps `npm test` within its time on two cores; the
 * 10,000-file run is the `desktop-queue` benchmark (`npm run bench -- --only=desktop-queue`).
 */
const FILES = Number(process.env.QUEUE_CRASH_FILES ?? 1_000);
/** Generous: on a shared, loaded machine the server stores small files at a few dozen per second. */
const STEP_MS = 10 * 60_000;
const live = new RestartableServer();
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-queue-crash-'));

afterAll(async () => {
  await live.dispose();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the upload queue, killed three times and its server restarted once', () => {
  it(
    'puts every file of the folder on the server exactly once, with the CID ipfs add gives',
    async () => {
      const report = await runCrashScenario({ files: FILES, root, live, stepMs: STEP_MS });

      expect(report.cuts.killedAt).toHaveLength(3);
      expect(report.last.code).toBe(0);
      expect(report.last.line).toMatchObject({ finished: true, done: FILES, total: FILES, failed: [] });
      expect(report.lost).toEqual([]);
      expect(report.duplicated).toEqual([]);
      expect(report.wrongCid).toEqual([]);
      expect(report.stored).toBe(FILES);
      // The last run alone holds at most the queue and its journal.
      expect(report.last.line!.peakRss).toBeLessThanOrEqual(150 * 1024 * 1024);
    },
    30 * 60_000,
  );
});

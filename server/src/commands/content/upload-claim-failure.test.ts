import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKuboServer, type EngineUnderTest } from '../../../test/engines';
import { createUser, type TestUser } from '../../../test/factories';
import type { TestServer } from '../../../test/harness';
import { fileUploader } from './file-uploader';
import { folderUploader } from './folder-uploader';
import { sweepOnce } from '../maintenance/sweeper';
import { eventually } from '../../../test/eventually';

async function* bytes(size: number): AsyncGenerator<Uint8Array> {
  yield crypto.randomBytes(size);
}

/**
 * On the kubo engine a file or a folder is pinned by its import, under its upload's name, before
 * the upload claims it. When the claim cannot be written, the upload fails and nothing may stay pinned for
 * nobody: the reservation is left to the sweep, which finds the pin by its name.
 */
describe('an upload whose claim fails after Kubo pinned it (kubo engine, SQLite)', () => {
  let engine: EngineUnderTest;
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    ({ engine, server } = await startKuboServer());
    user = await createUser(server);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await engine?.stop();
  }, 60_000);

  it.each(['file', 'folder'] as const)(
    'fails the upload (a %s), keeps its reservation for the sweep, and the sweep releases the pin and the quota',
    async (kind) => {
      const { app } = server;
      const row = (await app.stores.users.findById(user.id))!;
      const jobs = app.stores.contentJobs;
      const enqueue = jobs.enqueueRelease;
      jobs.enqueueRelease = async () => {
        throw new Error('the database refused the claim');
      };
      const pinsBefore = await engine.pins();
      let failure: unknown;
      try {
        const common = { cidVersion: 1 as const, signal: new AbortController().signal, ip: '127.0.0.1' };
        if (kind === 'file') await fileUploader(app, row, { ...common, filename: 'unclaimed.bin', source: bytes(700_000) });
        else {
          // Pinned by Kubo's `add` as it imports it, as a file is.
          const parts = (async function* () {
            yield { filename: 'album/a.bin', mimeType: 'application/octet-stream', stream: bytes(400_000) };
            yield { filename: 'album/b.bin', mimeType: 'application/octet-stream', stream: bytes(300_000) };
          })();
          await folderUploader(app, row, { ...common, parts });
        }
      } catch (error) {
        failure = error;
      } finally {
        jobs.enqueueRelease = enqueue;
      }
      expect(String(failure)).toMatch(/refused the claim/);

      const orphans = [...(await engine.pins())].filter((cid) => !pinsBefore.has(cid));
      expect(orphans).toHaveLength(1);
      const reservations = () => app.db.selectFrom('quota_reservations').selectAll().where('user_id', '=', user.id).execute();
      const [left] = await reservations();
      expect(left?.bytes).toBeGreaterThanOrEqual(700_000);

      // Once its heartbeat is older than the lease, the sweep claims the pin and frees the quota.
      const report = await sweepOnce(app, Date.now() + 2 * app.config.leaseMs);
      expect(report.reservationsFreed).toBe(1);
      expect(await reservations()).toEqual([]);
      app.jobs.kick('release');
      // The job unpins, then deletes its own row: both must have happened.
      const orphanJobs = () => app.db.selectFrom('jobs').selectAll().where('kind', '=', 'release').where('cid', '=', orphans[0]!).execute();
      await eventually(
        'the orphan is unpinned and its job gone',
        async () => !(await engine.pins()).has(orphans[0]!) && (await orphanJobs()).length === 0,
        { withinMs: 20_000, everyMs: 100 },
      );
      expect((await engine.pins()).has(orphans[0]!)).toBe(false);
      const account = (await app.stores.users.findById(user.id))!;
      expect(Number(account.storage_reserved)).toBe(0);
      expect(Number(account.storage_used)).toBe(0);
      expect(await orphanJobs()).toEqual([]);
    },
    60_000,
  );
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKuboServer, type EngineUnderTest } from '../../../test/engines';
import { createUser, uploadFile, type TestUser } from '../../../test/factories';
import type { TestServer } from '../../../test/harness';
import { MAX_RELEASE_ATTEMPTS } from './release-task';
import { eventually } from '../../../test/eventually';

/** An outbox job whose engine is down: retried with backoff, then left failed for an operator. */
describe('outbox jobs when the content engine does not answer', () => {
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

  it('keeps the release of a deleted file, retries it later, and ends it failed after the last attempt', async () => {
    const up = await uploadFile(server, user, 'note.txt', 'released once Kubo answers');
    await engine.kubo!.stop();
    const removed = await server.api.request('DELETE', `/api/v2/uploads/${up.uploadId}`, { token: user.token });
    expect(removed.status).toBe(200);
    expect(removed.body.operation).toBe('record_removed');

    const jobs = () => server.app.db.selectFrom('jobs').selectAll().where('kind', '=', 'release').where('cid', '=', up.cid).execute();
    const [job] = await jobs();
    expect(job).toMatchObject({ kind: 'release', status: 'pending', attempts: 1, lease_owner: null });
    expect(job!.last_error).toBeTruthy();
    // The first retry waits about two seconds (with jitter), not a tight loop.
    expect(Date.parse(job!.run_after) - Date.parse(job!.updated_at)).toBeGreaterThanOrEqual(1_500);

    // Skip the backoff to the last attempt: it fails too, and the job stays failed, visible.
    await server.app.db
      .updateTable('jobs')
      .set({ attempts: MAX_RELEASE_ATTEMPTS - 1, run_after: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', job!.id)
      .execute();
    server.app.jobs.kick('release');
    await eventually('the job is failed', async () => (await jobs())[0]?.status === 'failed', { withinMs: 20_000, everyMs: 100 });
    expect(await jobs()).toMatchObject([{ status: 'failed', attempts: MAX_RELEASE_ATTEMPTS }]);
    expect(await server.app.stores.contentJobs.counts()).toMatchObject({ failed: 1, pending: 0, running: 0 });
    expect(await server.app.metrics.registry.getSingleMetricAsString('cairn_content_jobs')).toMatch(
      /cairn_content_jobs\{status="failed"\} 1/,
    );
    // A failed job is never picked up again.
    const later = Date.now() + 3600_000;
    expect(
      await server.app.stores.jobs.claimNext(
        ['release'],
        'another-runner',
        new Date(later).toISOString(),
        new Date(later + 60_000).toISOString(),
      ),
    ).toBeUndefined();
  }, 60_000);
});

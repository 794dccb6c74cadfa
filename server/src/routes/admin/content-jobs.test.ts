import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobRow } from '../../db/schema';
import { createUser, uploadFile, type TestUser } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { serverSuite, withAdmin } from '../../../test/suites';

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe.each(DRIVERS)('/api/v2/admin/content-jobs (%s)', (driver) => {
  const suite = withAdmin(serverSuite(driver));
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createUser(suite.server);
  });

  const list = (query = '') => suite.server.api.get(`/api/v2/admin/content-jobs${query}`, { token: suite.admin.token });
  const retry = (id: string) => suite.server.api.post(`/api/v2/admin/content-jobs/${id}/retry`, {}, { token: suite.admin.token });
  /** Writes a job straight into the outbox, in a state the runner leaves alone unless told otherwise. */
  const insert = async (row: Partial<JobRow>) => {
    const job: JobRow = {
      id: crypto.randomUUID(),
      kind: 'release',
      account_id: null,
      payload: null,
      cid: 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku',
      reservation_id: null,
      pin_job_id: null,
      upload_id: null,
      status: 'failed',
      attempts: 10,
      run_after: at(0),
      lease_owner: null,
      lease_until: null,
      last_error: 'Error: engine unreachable',
      created_at: at(0),
      updated_at: at(0),
      request_id: null,
      ...row,
    };
    await suite.server.app.db.insertInto('jobs').values(job).execute();
    return job;
  };
  const clear = () => suite.server.app.db.deleteFrom('jobs').where('kind', '=', 'release').execute();

  it('lists jobs oldest first, by state, a page at a time', async () => {
    await clear();
    const failed = await insert({ created_at: '2025-03-01T08:00:00.000Z', updated_at: '2025-03-01T09:00:00.000Z' });
    const later = await insert({ status: 'pending', attempts: 3, run_after: at(HOUR), created_at: '2025-03-02T08:00:00.000Z' });
    const reservation = crypto.randomUUID();
    await suite.server.app.db
      .insertInto('quota_reservations')
      .values({ id: reservation, user_id: owner.id, bytes: 0, heartbeat_at: at(HOUR) })
      .execute();
    const claim = await insert({
      status: 'pending',
      attempts: 0,
      last_error: null,
      reservation_id: reservation,
      created_at: '2025-03-03T08:00:00.000Z',
    });

    const all = await list();
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, page: 1, limit: 10 });
    expect(all.body.jobs.map((job: { id: string }) => job.id)).toEqual([failed.id, later.id, claim.id]);
    expect(all.body.jobs[0]).toEqual({
      id: failed.id,
      kind: 'release',
      cid: failed.cid,
      status: 'failed',
      attempts: 10,
      lastError: 'Error: engine unreachable',
      runAfter: null,
      waitsForUpload: false,
      createdAt: '2025-03-01T08:00:00.000Z',
      updatedAt: '2025-03-01T09:00:00.000Z',
    });
    expect(all.body.jobs[1]).toMatchObject({ status: 'pending', attempts: 3, runAfter: later.run_after, waitsForUpload: false });
    expect(all.body.jobs[2]).toMatchObject({ status: 'pending', lastError: null, waitsForUpload: true });

    expect((await list('?status=failed')).body).toMatchObject({ total: 1, jobs: [{ id: failed.id }] });
    expect((await list('?status=pending&page=2&limit=1')).body).toMatchObject({ total: 2, page: 2, limit: 1, jobs: [{ id: claim.id }] });
    expect((await list('?status=running')).body).toMatchObject({ total: 0, jobs: [] });
    expect((await list('?status=')).body.total).toBe(3);

    const bad = await list('?status=done');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'validation_error',
      error: expect.stringContaining('status must be pending, running or failed'),
    });
    await suite.server.app.db.deleteFrom('quota_reservations').where('id', '=', reservation).execute();
  });

  it('retries a failed release at once: what nothing references is unpinned and the job is gone', async () => {
    await clear();
    const stray = await uploadFile(suite.server, owner, 'stray.txt', `pinned with no record ${crypto.randomUUID()}`);
    // The record goes without its release: content pinned that nothing references, as a job that gave up leaves it.
    await suite.server.app.db.deleteFrom('uploads').where('id', '=', stray.uploadId).execute();
    const job = await insert({ cid: stray.cid });
    expect(await suite.server.app.content.isPinned(stray.cid)).toBe(true);

    const res = await retry(job.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ done: true, job: null });
    expect(await suite.server.app.content.isPinned(stray.cid)).toBe(false);
    expect((await list()).body.total).toBe(0);
    const log = await suite.server.app.db
      .selectFrom('logs')
      .selectAll()
      .where('action', '=', 'retry_content_job')
      .executeTakeFirstOrThrow();
    expect(log.user_id).toBe(suite.admin.id);
    expect(JSON.parse(log.details!)).toMatchObject({ jobId: job.id, cid: stray.cid, status: 'failed', attempts: 10 });
  });

  it('keeps a release whose CID is still referenced from unpinning it', async () => {
    await clear();
    const kept = await uploadFile(suite.server, owner, 'kept.txt', `still recorded ${crypto.randomUUID()}`);
    const job = await insert({ cid: kept.cid });
    expect((await retry(job.id)).body).toEqual({ done: true, job: null });
    expect(await suite.server.app.content.isPinned(kept.cid)).toBe(true);
    expect((await suite.server.api.get(`/ipfs/${kept.cid}`)).status).toBe(200);
  });

  it('shows a retry that fails again as pending, with a fresh count of attempts and the new error', async () => {
    await clear();
    const job = await insert({ cid: 'not-a-cid', last_error: 'the old error' });
    const res = await retry(job.id);
    expect(res.status).toBe(200);
    expect(res.body.done).toBe(false);
    expect(res.body.job).toMatchObject({ id: job.id, status: 'pending', attempts: 1, waitsForUpload: false });
    expect(res.body.job.lastError).not.toBe('the old error');
    expect(Date.parse(res.body.job.runAfter)).toBeGreaterThan(Date.now());
    await clear();
  });

  it('leaves a job an instance is carrying out alone, and answers 404 for an unknown job', async () => {
    await clear();
    const running = await insert({ status: 'running', lease_owner: crypto.randomUUID(), lease_until: at(HOUR), attempts: 1 });
    const busy = await retry(running.id);
    expect(busy.status).toBe(409);
    expect(busy.body).toEqual({ error: 'The job is being carried out now', code: 'content_job_running' });
    expect((await list('?status=running')).body).toMatchObject({ total: 1, jobs: [{ id: running.id, attempts: 1 }] });

    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      const missing = await retry(id);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: 'Content job not found', code: 'content_job_not_found' });
    }
    await clear();
  });
});

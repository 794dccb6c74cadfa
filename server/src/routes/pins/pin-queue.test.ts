import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { createUser, uploadFile } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';

/** Identity CIDs: their bytes are inline, there is nothing to fetch or store (raw, empty, and a dag-pb directory). */
const IDENTITY_CIDS = ['bafkqaaa', 'bafkqaalb', 'bafyaabakaieac'];
const UNKNOWN_CIDS = [
  'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy',
  'bafkreie7q3iidccmpvszul7kudcvvuavuo7u6gzlbobczuk5nqk3b4akba',
  'bafkreidon73zkcrwdb5iafqtijxildoonbwnpv7dyd6ef3qdgads2jc4su',
];

describe.each(DRIVERS)('pin job queue (%s)', (driver) => {
  let server: TestServer | undefined;
  let other: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    await other?.close();
    server = undefined;
    other = undefined;
  });

  it('leaves a job its stopping server was pinning to be taken over, rather than failing it', async () => {
    // On PostgreSQL a second instance holds the content and takes the job over.
    other = driver === 'pg' ? await startTestServer({ driver }) : undefined;
    server = await startTestServer({ driver, shareWith: other, config: { pinTimeoutMs: 60_000 } });
    // The engine is still fetching when the server stops (a deploy): its pin ends with the abort.
    server.app.content.pin = (_cid, options) =>
      new Promise((_, reject) => options?.signal?.addEventListener('abort', () => reject(options.signal!.reason)));
    const holder = other ?? server;
    const owner = await createUser(holder);
    const file = await uploadFile(holder, owner, 'deployed.txt', 'pinned across a restart');
    const user = await createUser(server);
    const res = await server.api.post('/api/v2/pins', { cid: file.cid }, { token: user.token });
    expect([res.status, res.body.status]).toEqual([202, 'pinning']);

    await server.app.jobs.stop();
    const job = await server.app.db
      .selectFrom('pin_jobs')
      .select(['status', 'error_code'])
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'pinning', error_code: null });
    const task = await server.app.db.selectFrom('jobs').select('status').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(task.status).toBe('pending');
    if (!other) return;
    await eventually(
      'the other instance has pinned it',
      async () => (await other!.api.get(`/api/v2/pins/${res.body.id}`, { token: user.token })).body.status === 'pinned',
      { withinMs: 20_000 },
    );
  });

  it('refuses identity CIDs (nothing to store) without queueing a job, and keeps pinning for other accounts', async () => {
    server = await startTestServer({ driver, config: { pinTimeoutMs: 1000 } });
    const attacker = await createUser(server);
    for (const cid of IDENTITY_CIDS) {
      const res = await server.api.post('/api/v2/pins', { cid }, { token: attacker.token });
      expect([res.status, res.body.code]).toEqual([400, 'identity_cid']);
    }
    expect(await server.app.db.selectFrom('pin_jobs').select('id').where('user_id', '=', attacker.id).execute()).toEqual([]);

    const owner = await createUser(server);
    const file = await uploadFile(server, owner, 'shared.txt', 'still pinning');
    const other = await createUser(server);
    const res = await server.api.post('/api/v2/pins', { cid: file.cid }, { token: other.token });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('pinned');
  });

  it('ends a job at its timeout even when the engine never answers', async () => {
    server = await startTestServer({ driver, config: { pinTimeoutMs: 300 } });
    // An engine that ignores its timeout and abort signal: the runner alone must end the job.
    server.app.content.pin = () => new Promise(() => undefined);
    const user = await createUser(server);
    const started = Date.now();
    // The job fails within the request's inline wait, so the request answers with its outcome.
    const res = await server.api.post('/api/v2/pins', { cid: UNKNOWN_CIDS[0] }, { token: user.token });
    expect([res.status, res.body.code]).toEqual([404, 'cid_not_found']);
    expect(Date.now() - started).toBeLessThan(3000);
    const jobs = await server.app.db.selectFrom('pin_jobs').select('status').where('user_id', '=', user.id).execute();
    expect(jobs).toEqual([{ status: 'failed' }]);
  });

  it('gives one account one running job at a time, so others are not starved', async () => {
    server = await startTestServer({ driver, config: { pinTimeoutMs: 60_000 } });
    const pin = server.app.content.pin.bind(server.app.content);
    // Unknown CIDs hang until the timeout; known ones go through the real engine.
    server.app.content.pin = (cid, options) =>
      UNKNOWN_CIDS.includes(cid)
        ? new Promise((_, reject) => options?.signal?.addEventListener('abort', () => reject(options.signal!.reason)))
        : pin(cid, options);
    const flooder = await createUser(server);
    for (const cid of UNKNOWN_CIDS) {
      expect((await server.api.post('/api/v2/pins', { cid }, { token: flooder.token })).status).toBe(202);
    }
    const owner = await createUser(server);
    const file = await uploadFile(server, owner, 'fair.txt', 'my turn');
    const other = await createUser(server);
    const res = await server.api.post('/api/v2/pins', { cid: file.cid }, { token: other.token });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('pinned');
  });
});

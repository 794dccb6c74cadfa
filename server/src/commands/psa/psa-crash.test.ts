import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { accountState, instancesOnOneDataDir, killedItself, logIn, randomFile, signUp, stopInstance, upload } from '../../../test/crash';
import { eventually } from '../../../test/eventually';
import { createEmbeddedContentStore } from '../../content/embedded-store';

/**
 * kill -9 in the middle of a Pinning Service API replacement and of a removal, on the embedded
 * engine with SQLite: neither a lost pin nor a leaked reference. The crash points are
 * `CAIRN_TEST_CRASH_AT` (server/src/lib/crash-point.ts).
 */
describe('remote pins replaced and removed across kill -9 (embedded engine, SQLite)', () => {
  const instances = instancesOnOneDataDir('cairn-crash-psa-', { LEASE_SECONDS: '2' });
  const { dataDir, start } = instances;
  afterAll(() => instances.cleanUp());

  it('the new pin is recorded, the replaced and removed contents are released, and quota equals the records', async () => {
    const first = await start();
    const user = await signUp(first.api);
    const other = await signUp(first.api);
    const [v1, v2, removed] = [randomFile(300_000), randomFile(200_000), randomFile(100_000)];
    const uploads = [];
    for (const [name, file] of [
      ['v1.bin', v1],
      ['v2.bin', v2],
      ['removed.bin', removed],
    ] as const) {
      const res = await upload(first, other.token, name, file.bytes);
      expect(res.status).toBe(201);
      uploads.push(res.body as { uploadId: string });
    }
    const pin = async (cid: string, name: string) => {
      const res = await first.api.post('/psa/pins', { cid, name }, { token: user.token });
      await eventually(
        `${name} is pinned`,
        async () => (await first.api.get(`/psa/pins/${res.body.requestid}`, { token: user.token })).body.status === 'pinned',
      );
      return res.body.requestid as string;
    };
    const site = await pin(v1.cid, 'site');
    const doomed = await pin(removed.cid, 'doomed');
    // From here on only the remote pins hold v1 and the removed file.
    for (const index of [0, 2]) await first.api.request('DELETE', `/api/v2/uploads/${uploads[index]!.uploadId}`, { token: other.token });
    await stopInstance(first);

    // 1. Killed right after a replacement committed: the old request gone, the new one queued.
    const second = await start('psa-replaced');
    let token = await logIn(second.api, user.email, user.password);
    await second.api.post(`/psa/pins/${site}`, { cid: v2.cid, name: 'site' }, { token }).catch(() => undefined);
    await killedItself(second);

    const sqlite = { driver: 'sqlite' as const, file: path.join(dataDir, 'cairn.sqlite') };
    // The replaced record stays, charged, until the new request's job is over.
    const replaced = await accountState(sqlite, user.email);
    expect(replaced.cids).toEqual(new Set([v1.cid, removed.cid]));
    expect(replaced.pinJobs).toContainEqual({ cid: v2.cid, status: 'queued', attempts: 0 });

    // 2. Killed in the new request's job, with its content pinned and not recorded. The job is
    // queued, so it runs as the server starts: the crash may come before the server serves.
    const third = await start('pin-job-pinned').catch(() => undefined);
    if (third) await killedItself(third);
    const pinned = await accountState(sqlite, user.email);
    expect(pinned.cids).toEqual(new Set([v1.cid, removed.cid]));
    expect(pinned.pinJobs).toContainEqual({ cid: v2.cid, status: 'pinning', attempts: 1 });

    // 3. Killed right after a removal committed, nothing unpinned.
    const fourth = await start('psa-removed');
    token = await logIn(fourth.api, user.email, user.password);
    await fourth.api.request('DELETE', `/psa/pins/${doomed}`, { token }).catch(() => undefined);
    await killedItself(fourth);

    // 4. A clean start takes the job over once its lease has run out and finishes the rest.
    const last = await start();
    token = await logIn(last.api, user.email, user.password);
    const listed = async () =>
      (await last.api.get('/psa/pins?status=queued,pinning,pinned,failed', { token })).body.results as Array<{
        status: string;
        pin: { cid: string };
      }>;
    await eventually('the replacement is pinned', async () => {
      const results = await listed();
      return results.length === 1 && results[0]!.status === 'pinned';
    });
    expect((await listed())[0]!.pin.cid).toBe(v2.cid);
    for (const id of [site, doomed]) expect((await last.api.get(`/psa/pins/${id}`, { token })).status).toBe(404);
    await eventually('the outbox is empty', async () => (await accountState(sqlite, user.email)).jobs.length === 0);
    await stopInstance(last);

    const state = await accountState(sqlite, user.email);
    expect(state.cids).toEqual(new Set([v2.cid]));
    expect(state.used).toBe(state.recordedBytes);
    const store = await createEmbeddedContentStore({ dataDir });
    try {
      // The one record left is charged what its DAG holds: the file's bytes and its root node.
      expect(state.used).toBe(await store.dagBytes(v2.cid));
      expect(state.used).toBeGreaterThan(v2.bytes.length);
      expect(await store.isPinned(v2.cid)).toBe(true);
      for (const cid of [v1.cid, removed.cid]) {
        expect(await store.isPinned(cid)).toBe(false);
        expect(await store.has(cid)).toBe(false);
      }
    } finally {
      await store.close();
    }
  }, 300_000);
});

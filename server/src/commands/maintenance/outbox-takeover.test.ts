import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountState,
  killedItself,
  logIn,
  randomFile,
  signUp,
  startInstance,
  stopInstance,
  upload,
  type Instance,
} from '../../../test/crash';
import { eventually } from '../../../test/eventually';
import { startEngine, type EngineUnderTest } from '../../../test/engines';
import { fileForm } from '../../../test/factories';
import { createTestDatabase } from '../../../test/pg';

/**
 * kill -9 of one instance of a deployment (PostgreSQL and a Kubo daemon shared by two instances):
 * the other instance finishes what the dead one left — a pin job, a delete's unpin, a dead
 * upload's unpin and quota. Crash points: `CAIRN_TEST_CRASH_AT` (server/src/lib/crash-point.ts).
 */
describe('records and content after kill -9 of one of two instances (kubo engine, PostgreSQL)', () => {
  let engine: EngineUnderTest;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const spawned: Instance[] = [];
  let env: Record<string, string>;
  const start = async (crashAt?: string) => {
    const instance = await startInstance({ ...env, ...(crashAt ? { CAIRN_TEST_CRASH_AT: crashAt } : {}) });
    spawned.push(instance);
    return instance;
  };

  beforeAll(async () => {
    engine = await startEngine('kubo');
    database = await createTestDatabase();
    env = { DATABASE_URL: database.url, CONTENT_ENGINE: 'kubo', KUBO_API_URL: engine.kubo!.apiUrl, LEASE_SECONDS: '2' };
  }, 120_000);
  afterAll(async () => {
    for (const instance of spawned) {
      instance.kill();
      await instance.exited;
      fs.rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await database?.drop();
    await engine?.stop();
  }, 60_000);

  it('B finishes the pin job A started, the unpin of A’s delete and the release of A’s dead upload', async () => {
    // Content only Kubo holds, unpinned: what a pin by CID fetches.
    const remote = randomFile(150_000);
    const form = new FormData();
    form.append('file', new Blob([remote.bytes]), 'remote.bin');
    const added = await fetch(`${engine.kubo!.apiUrl}/api/v0/add?pin=false`, { method: 'POST', body: form });
    expect(((await added.json()) as { Hash: string }).Hash).toBe(remote.cid);

    // A is killed in the pin job, after Kubo pinned the CID and before the record.
    const a1 = await start('pin-job-pinned');
    const user = await signUp(a1.api);
    await a1.api.post('/api/v2/pins', { cid: remote.cid }, { token: user.token }).catch(() => undefined);
    await killedItself(a1);
    expect((await engine.pins()).has(remote.cid)).toBe(true);

    // B takes the job over once A's lease has run out, and records it.
    const b = await start();
    const token = await logIn(b.api, user.email, user.password);
    await eventually('B finished the pin job', async () => {
      const list = await b.api.get('/api/v2/users/me/uploads', { token });
      return (list.body.files as Array<{ cid: string }>).some((f) => f.cid === remote.cid);
    });

    // A is killed after a delete committed, before the unpin: B unpins.
    const deleted = randomFile(120_000);
    const kept = randomFile(80_000);
    const gone = await upload(b, token, 'deleted.bin', deleted.bytes);
    expect(gone.status).toBe(201);
    expect((await upload(b, token, 'kept.bin', kept.bytes)).status).toBe(201);
    const a2 = await start('delete-committed');
    await a2.api.request('DELETE', `/api/v2/uploads/${gone.body.uploadId}`, { token }).catch(() => undefined);
    await killedItself(a2);
    await eventually('B unpinned the deleted file', async () => !(await engine.pins()).has(deleted.cid));

    // A is killed mid-upload, after Kubo pinned the file and before its record: B releases it and its quota.
    const orphan = randomFile(250_000);
    const a3 = await start('upload-pinned');
    await upload(a3, token, 'orphan.bin', orphan.bytes).catch(() => undefined);
    await killedItself(a3);
    await eventually('B released the dead upload', async () => !(await engine.pins()).has(orphan.cid));
    expect(b.output()).toMatch(/content released/);

    for (const cid of [deleted.cid, orphan.cid]) expect((await fetch(`${b.url}/ipfs/${cid}`)).status).toBe(404);
    for (const cid of [kept.cid, remote.cid]) expect((await fetch(`${b.url}/ipfs/${cid}`)).status).toBe(200);
    await eventually(
      'the dead upload’s reservation is gone',
      async () => (await accountState({ driver: 'pg', url: database.url }, user.email)).reservations === 0,
    );
    await stopInstance(b);

    const state = await accountState({ driver: 'pg', url: database.url }, user.email);
    expect(state.cids).toEqual(new Set([kept.cid, remote.cid]));
    expect(state.used).toBe(state.recordedBytes);
    expect(state.reserved).toBe(0);
    expect(state.jobs).toEqual([]);
    expect(state.pinJobs).toEqual([{ cid: remote.cid, status: 'pinned', attempts: 2 }]);
    const pins = await engine.pins();
    expect(pins.has(kept.cid) && pins.has(remote.cid)).toBe(true);
    expect(pins.has(deleted.cid) || pins.has(orphan.cid)).toBe(false);
  }, 300_000);
  it('B undoes the uploads A was killed in between import and pin: claimed (a folder, a file) or pinned under its name unclaimed (a file, a folder)', async () => {
    const pg = { driver: 'pg' as const, url: database.url };
    const b = await start();
    const user = await signUp(b.api);

    // A folder: Kubo imports and pins it under the upload's name, A writes its claim and dies.
    const a1 = await start('upload-claimed');
    await a1.api
      .request('POST', '/api/v2/upload/directory?mode=dag&cidVersion=0', {
        token: user.token,
        body: fileForm([
          { name: 'album/one.bin', content: randomFile(90_000).bytes },
          { name: 'album/two.bin', content: randomFile(60_000).bytes },
        ]),
      })
      .catch(() => undefined);
    await killedItself(a1);
    const claims = (await accountState(pg, user.email)).jobs;
    expect(claims).toEqual([{ cid: expect.any(String), status: 'pending', last_error: null }]);
    const folderCid = claims[0]!.cid;
    expect((await engine.pins()).has(folderCid)).toBe(true);

    // A folder Kubo imported and pinned under the upload's name, A killed before writing its claim.
    const pinsBefore = await engine.pins();
    const a4 = await start('upload-imported');
    await a4.api
      .request('POST', '/api/v2/upload/directory?mode=dag', {
        token: user.token,
        body: fileForm([
          { name: 'named/one.bin', content: randomFile(70_000).bytes },
          { name: 'named/two.bin', content: randomFile(50_000).bytes },
        ]),
      })
      .catch(() => undefined);
    await killedItself(a4);
    const namedFolder = [...(await engine.pins())].filter((cid) => !pinsBefore.has(cid));
    expect(namedFolder).toHaveLength(1);
    expect((await accountState(pg, user.email)).jobs.some((job) => job.cid === namedFolder[0])).toBe(false);

    // A file, the same way.
    const file = randomFile(200_000);
    const a2 = await start('upload-claimed');
    await upload(a2, user.token, 'file.bin', file.bytes).catch(() => undefined);
    await killedItself(a2);

    // A file Kubo imported and pinned under the upload's name, A killed before writing its claim.
    const named = randomFile(180_000);
    const a3 = await start('upload-imported');
    await upload(a3, user.token, 'named.bin', named.bytes).catch(() => undefined);
    await killedItself(a3);
    expect((await engine.pins()).has(named.cid)).toBe(true);
    expect((await accountState(pg, user.email)).jobs.some((job) => job.cid === named.cid)).toBe(false);

    await eventually('B released what the dead uploads claimed or pinned', async () => {
      const state = await accountState(pg, user.email);
      return state.jobs.length === 0 && state.reservations === 0;
    });
    const pins = await engine.pins();
    expect(pins.has(file.cid) || pins.has(folderCid) || pins.has(named.cid) || pins.has(namedFolder[0]!)).toBe(false);
    // What Kubo imported for them is not served either: no account holds it.
    for (const cid of [file.cid, folderCid, named.cid, namedFolder[0]!]) expect((await fetch(`${b.url}/ipfs/${cid}`)).status).toBe(404);

    // Sent again, the file is recorded once and pinned again.
    expect((await upload(b, user.token, 'file.bin', file.bytes)).status).toBe(201);
    await stopInstance(b);
    const state = await accountState(pg, user.email);
    expect(state.cids).toEqual(new Set([file.cid]));
    expect(state.used).toBe(state.recordedBytes);
    expect(state.reserved).toBe(0);
    expect(state.jobs).toEqual([]);
    expect((await engine.pins()).has(file.cid)).toBe(true);
  }, 300_000);
});

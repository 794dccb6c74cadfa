import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { accountState, instancesOnOneDataDir, killedItself, logIn, randomFile, signUp, stopInstance, upload } from '../../../test/crash';
import { eventually } from '../../../test/eventually';
import { fileForm } from '../../../test/factories';
import { createEmbeddedContentStore } from '../../content/embedded-store';

/**
 * kill -9 at the moments where records and content could part, on the embedded engine with
 * SQLite: one instance, restarted on the same data directory after each crash. The crash points
 * are `CAIRN_TEST_CRASH_AT` (server/src/lib/crash-point.ts).
 */
describe('records and content after kill -9 (embedded engine, SQLite)', () => {
  const instances = instancesOnOneDataDir('cairn-crash-embedded-', { LEASE_SECONDS: '2' });
  const { dataDir, start } = instances;
  afterAll(() => instances.cleanUp());

  it('undoes a dead upload, finishes a delete and a pin job, and leaves quota equal to the records', async () => {
    // 1. Killed after the upload's blocks are pinned, before its record.
    const first = await start('upload-pinned');
    const user = await signUp(first.api);
    const orphan = randomFile(300_000);
    await upload(first, user.token, 'orphan.bin', orphan.bytes).catch(() => undefined);
    await killedItself(first);

    // 2. Killed after a delete committed, before the unpin.
    const second = await start('delete-committed');
    let token = await logIn(second.api, user.email, user.password);
    const deleted = randomFile(200_000);
    const kept = randomFile(100_000);
    const gone = await upload(second, token, 'deleted.bin', deleted.bytes);
    expect(gone.status).toBe(201);
    expect((await upload(second, token, 'kept.bin', kept.bytes)).status).toBe(201);
    const folder = await second.api.request('POST', '/api/v2/file/folder?cidVersion=0', {
      token,
      body: fileForm([
        { name: 'album/one.txt', content: 'one, inside a folder' },
        { name: 'album/two.txt', content: 'two, inside a folder' },
      ]),
    });
    expect(folder.status).toBe(201);
    const inner = (folder.body.files as Array<{ filename: string; cid: string }>).find((f) => f.filename.endsWith('one.txt'))!.cid;
    const deleteRequest = `delete-${crypto.randomUUID()}`;
    await second.api
      .request('DELETE', `/api/v2/uploads/${gone.body.uploadId}`, { token, headers: { 'X-Request-Id': deleteRequest } })
      .catch(() => undefined);
    await killedItself(second);

    // 3. Killed in a pin job, after the engine pinned the CID, before the record.
    const third = await start('pin-job-pinned');
    token = await logIn(third.api, user.email, user.password);
    const pinRequest = `pin-${crypto.randomUUID()}`;
    await third.api.post('/api/v2/pins', { cid: inner }, { token, headers: { 'X-Request-Id': pinRequest } }).catch(() => undefined);
    await killedItself(third);

    // 4. A clean start takes the pin job over once its lease has run out and recovers the rest.
    const last = await start();
    token = await logIn(last.api, user.email, user.password);
    await eventually('the pin job is finished by the new process', async () => {
      const list = await last.api.get('/api/v2/users/me/uploads', { token });
      return (list.body.files as Array<{ cid: string }>).some((f) => f.cid === inner);
    });
    await eventually('the dead upload is released', async () => (await fetch(`${last.url}/ipfs/${orphan.cid}`)).status === 404);
    expect(last.output()).toMatch(/recovery at start/);
    // The processes that finished the jobs (the release at the third start, the pin job at the
    // last) log the requests that queued them on a process since killed.
    expect(third.lines()).toContainEqual(
      expect.objectContaining({ message: 'content released', cid: deleted.cid, requestId: deleteRequest }),
    );
    expect(last.lines()).toContainEqual(
      expect.objectContaining({ message: 'pin job done', cid: inner, outcome: 'pinned', requestId: pinRequest }),
    );
    for (const cid of [deleted.cid, orphan.cid]) expect((await fetch(`${last.url}/ipfs/${cid}`)).status).toBe(404);
    for (const cid of [kept.cid, folder.body.cid as string, inner]) expect((await fetch(`${last.url}/ipfs/${cid}`)).status).toBe(200);
    await stopInstance(last);

    const state = await accountState({ driver: 'sqlite', file: path.join(dataDir, 'cairn.sqlite') }, user.email);
    expect(state.cids).toEqual(new Set([kept.cid, folder.body.cid, inner]));
    expect(state.used).toBe(state.recordedBytes);
    expect(state.reserved).toBe(0);
    expect(state.reservations).toBe(0);
    expect(state.jobs).toEqual([]);
    expect(state.pinJobs).toEqual([{ cid: inner, status: 'pinned', attempts: 2 }]);
    const store = await createEmbeddedContentStore({ dataDir });
    try {
      for (const cid of [kept.cid, folder.body.cid as string, inner]) expect(await store.isPinned(cid)).toBe(true);
      for (const cid of [deleted.cid, orphan.cid]) {
        expect(await store.isPinned(cid)).toBe(false);
        expect(await store.has(cid)).toBe(false);
      }
    } finally {
      await store.close();
    }
  }, 240_000);
});

/**
 * kill -9 inside `beforePin` itself: the upload's claim on its CID is written, its blocks are
 * imported (a pack written and not indexed), nothing is pinned and there is no record. Once for new
 * content, once for content another record already holds.
 */
describe('an upload killed between its claim and its pin (embedded engine, SQLite)', () => {
  const instances = instancesOnOneDataDir('cairn-crash-claimed-', { LEASE_SECONDS: '2' });
  const { dataDir, start } = instances;
  afterAll(() => instances.cleanUp());
  const sqlite = { driver: 'sqlite' as const, file: path.join(dataDir, 'cairn.sqlite') };

  it('releases what only the dead upload claimed, keeps what a record holds, and records each CID once', async () => {
    const first = await start();
    const user = await signUp(first.api);
    const held = randomFile(120_000);
    expect((await upload(first, user.token, 'held.bin', held.bytes)).status).toBe(201);
    await stopInstance(first);

    // 1. New content: killed with the claim written and the blocks imported, nothing pinned.
    const second = await start('upload-claimed');
    const fresh = randomFile(250_000);
    await upload(second, await logIn(second.api, user.email, user.password), 'fresh.bin', fresh.bytes).catch(() => undefined);
    await killedItself(second);
    const afterCrash = await accountState(sqlite, user.email);
    expect(afterCrash.jobs).toEqual([{ cid: fresh.cid, status: 'pending', last_error: null }]);
    expect(afterCrash.reservations).toBe(1);
    expect(afterCrash.cids).toEqual(new Set([held.cid]));

    // 2. Content a record already holds, uploaded again under another name: killed at the same point.
    const third = await start('upload-claimed');
    await upload(third, await logIn(third.api, user.email, user.password), 'again.bin', held.bytes).catch(() => undefined);
    await killedItself(third);

    // 3. A clean start: the dead uploads' reservations expire and their claims run.
    const last = await start();
    const token = await logIn(last.api, user.email, user.password);
    await eventually('the dead uploads are undone', async () => {
      const state = await accountState(sqlite, user.email);
      return state.jobs.length === 0 && state.reservations === 0;
    });
    expect((await fetch(`${last.url}/ipfs/${fresh.cid}`)).status).toBe(404);
    expect((await fetch(`${last.url}/ipfs/${held.cid}`)).status).toBe(200);
    // The upload of new content can be done again, and is recorded once.
    expect((await upload(last, token, 'fresh.bin', fresh.bytes)).status).toBe(201);
    expect((await fetch(`${last.url}/ipfs/${fresh.cid}`)).status).toBe(200);
    const files = (await last.api.get('/api/v2/users/me/uploads', { token })).body.files as Array<{ cid: string; name: string }>;
    expect(files.map((f) => f.name).sort()).toEqual(['fresh.bin', 'held.bin']);
    await stopInstance(last);

    const state = await accountState(sqlite, user.email);
    expect(state.cids).toEqual(new Set([held.cid, fresh.cid]));
    expect(state.used).toBe(state.recordedBytes);
    expect(state.recordedBytes).toBe(held.bytes.length + fresh.bytes.length);
    expect(state.reserved).toBe(0);
    expect(state.reservations).toBe(0);
    expect(state.jobs).toEqual([]);
    const store = await createEmbeddedContentStore({ dataDir });
    try {
      for (const cid of [held.cid, fresh.cid]) expect(await store.isPinned(cid)).toBe(true);
    } finally {
      await store.close();
    }
  }, 240_000);
});

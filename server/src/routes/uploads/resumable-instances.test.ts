import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uploadFile, type TestUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { eventually } from '../../../test/eventually';
import { TUS, tusCreate, tusOffset, tusPatch, tusPatchCut } from '../../../test/tus';
import { sweepOnce } from '../../commands/maintenance/sweeper';

const MIB = 1024 * 1024;
const CREATE = '/api/v2/uploads/resumable';
const bytes = (size: number) => new Uint8Array(crypto.randomBytes(size));
const partials = (server: TestServer) => fs.readdirSync(path.join(server.dataDir, 'resumable'), { withFileTypes: true }).map((e) => e.name);

/** Instances of one deployment on one PostgreSQL database, each with its own data directory. */
describe('resumable uploads across instances (pg)', () => {
  let a: TestServer;
  let b: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    b = await startTestServer({ driver: 'pg' });
    a = await startTestServer({ driver: 'pg', shareWith: b });
    user = await createUser(a);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  }, 60_000);
  const reserved = async () => Number((await b.app.stores.users.findById(user.id))!.storage_reserved);

  it('continues on another instance an upload started on the first, and records it once', async () => {
    const content = bytes(4 * MIB);
    const created = await tusCreate(a.api, `${CREATE}?cidVersion=0`, content.length, { token: user.token, filename: 'film.bin' });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const half = await tusPatch(a.api, location, 0, content.subarray(0, MIB), user.token);
    expect(half.status).toBe(204);

    // Through B, which holds nothing: the cut reaches A, which keeps what arrived.
    await tusPatchCut(b.url, location, MIB, content.subarray(MIB), 2 * MIB, user.token);
    let offset = 0;
    await eventually('more than a MiB has arrived', async () => (offset = await tusOffset(b.api, location, user.token)) > MIB);
    expect(offset).toBeLessThanOrEqual(3 * MIB);
    expect(await tusOffset(a.api, location, user.token)).toBe(offset);

    const last = await tusPatch(b.api, location, offset, content.subarray(offset), user.token);
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ name: 'film.bin', size: content.length, duplicate: false });
    const normal = await uploadFile(b, await createUser(b), 'same.bin', content, '?cidVersion=0');
    expect(last.body.cid).toBe(normal.cid);

    const head = await b.api.request('HEAD', location, { token: user.token, headers: TUS });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(content.length));
    expect((await b.api.get(location, { token: user.token })).body.uploadId).toBe(last.body.uploadId);
    const list = await b.api.get('/api/v2/users/me/uploads', { token: user.token });
    expect(list.body.files.filter((f: { cid: string }) => f.cid === last.body.cid)).toHaveLength(1);
    expect(await reserved()).toBe(0);
    expect(partials(a)).toEqual([]);
  });

  it('answers a terminate on another instance, where the partial file is deleted', async () => {
    const created = await tusCreate(a.api, CREATE, 2 * MIB, { token: user.token });
    const location = created.headers.get('location')!;
    expect((await tusPatch(a.api, location, 0, bytes(MIB), user.token)).status).toBe(204);
    expect(partials(a).length).toBeGreaterThan(0);
    const dropped = await b.api.delete(location, { token: user.token, headers: TUS });
    expect(dropped.status).toBe(204);
    expect(partials(a)).toEqual([]);
    expect(await reserved()).toBe(0);
    expect((await b.api.request('HEAD', location, { token: user.token, headers: TUS })).status).toBe(404);
  });

  it('deletes on its holder the partial file of an upload another instance pruned', async () => {
    const created = await tusCreate(a.api, CREATE, 2 * MIB, { token: user.token });
    const location = created.headers.get('location')!;
    expect((await tusPatch(a.api, location, 0, bytes(MIB), user.token)).status).toBe(204);
    const id = location.split('/').pop()!;
    await b.app.stores.resumable.expireNow(id, new Date(Date.now() - 1000).toISOString());
    await sweepOnce(b.app);
    expect(await b.app.stores.resumable.find(id)).toBeUndefined();
    expect(await reserved()).toBe(0);
    expect(partials(a).length).toBeGreaterThan(0);
    await sweepOnce(a.app);
    expect(partials(a)).toEqual([]);
  });

  it('tells the client to wait while the holder is down, then that the upload is lost once it is gone', async () => {
    const c = await startTestServer({ driver: 'pg', shareWith: b });
    let location: string;
    try {
      const created = await tusCreate(c.api, CREATE, 2 * MIB, { token: user.token });
      location = created.headers.get('location')!;
      expect((await tusPatch(c.api, location, 0, bytes(MIB), user.token)).status).toBe(204);
    } finally {
      await c.close();
    }
    expect(await reserved()).toBe(2 * MIB);

    const down = await b.api.request('HEAD', location, { token: user.token, headers: TUS });
    expect(down.status).toBe(503);
    expect((await b.api.get(location, { token: user.token })).body.code).toBe('upload_owner_unavailable');
    expect(down.headers.get('retry-after')).toBe('5');
    expect(down.headers.get('tus-resumable')).toBe('1.0.0');

    // No heartbeat for an hour more than the lease: the instance is gone.
    const longAgo = new Date(Date.now() - b.config.leaseMs - 3600_000).toISOString();
    await b.app.db.updateTable('instances').set({ heartbeat_at: longAgo }).where('id', '=', c.app.instanceId).execute();
    const lost = await tusPatch(b.api, location, MIB, bytes(MIB), user.token);
    expect(lost.status).toBe(410);
    expect(lost.body.code).toBe('upload_lost');
    expect(lost.headers.get('tus-resumable')).toBe('1.0.0');
    expect((await b.api.request('HEAD', location, { token: user.token, headers: TUS })).status).toBe(410);

    const report = await sweepOnce(b.app, Date.now() + 1000);
    expect(report.resumablePruned).toBe(1);
    expect(await b.app.stores.instances.find(c.app.instanceId)).toBeDefined();
    expect(await reserved()).toBe(0);
    expect((await b.api.request('HEAD', location, { token: user.token, headers: TUS })).status).toBe(404);

    // Once silent for longer than an upload lives, the instance is forgotten; the live ones are not.
    const ownDiskJobs = async () =>
      (await b.app.db.selectFrom('jobs').select('id').where('kind', '=', 'partials').execute()).map((row) => row.id);
    expect(await ownDiskJobs()).toContain(`partials@${c.app.instanceId}`);
    await sweepOnce(b.app, Date.now() + 23.5 * 3600_000);
    expect(await b.app.stores.instances.find(c.app.instanceId)).toBeUndefined();
    expect(await b.app.stores.instances.find(a.app.instanceId)).toBeDefined();
    // The forgotten instance's periodic job for its own disk goes with it.
    expect(await ownDiskJobs()).not.toContain(`partials@${c.app.instanceId}`);
    expect(await ownDiskJobs()).toContain(`partials@${a.app.instanceId}`);
  });
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, setStorageLimit, uploadFile, type TestUser } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { serverSuite } from '../../../test/suites';
import { eventually } from '../../../test/eventually';
import { TUS, tusCreate, tusOffset, tusPatch, tusPatchCut } from '../../../test/tus';
import { sweepOnce } from '../../commands/maintenance/sweeper';

const MIB = 1024 * 1024;
const CREATE = '/api/v2/uploads/resumable';
const bytes = (size: number) => new Uint8Array(crypto.randomBytes(size));

describe.each(DRIVERS)('resumable uploads (%s)', (driver) => {
  const suite = serverSuite(driver);
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(suite.server);
  });
  const reserved = async (who: TestUser) => Number((await suite.server.app.stores.users.findById(who.id))!.storage_reserved);

  it('creates, tells the offset, resumes after a cut connection and records the file once', async () => {
    const { server } = suite;
    const content = bytes(3 * MIB);
    const created = await tusCreate(server.api, CREATE, content.length, { token: user.token, filename: 'movie.bin' });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/v2\/uploads\/resumable\/[0-9a-f-]{36}$/);
    expect(await tusOffset(server.api, location, user.token)).toBe(0);
    expect(await reserved(user)).toBe(content.length);

    await tusPatchCut(server.url, location, 0, content, 2 * MIB, user.token);
    let offset = 0;
    await eventually('the upload has begun', async () => (offset = await tusOffset(server.api, location, user.token)) > 0);
    expect(offset).toBeLessThanOrEqual(2 * MIB);

    const last = await tusPatch(server.api, location, offset, content.subarray(offset), user.token);
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ name: 'movie.bin', size: content.length, duplicate: false, source: 'upload' });
    const normal = await uploadFile(server, await createUser(server), 'same.bin', content);
    expect(last.body.cid).toBe(normal.cid);

    const again = await server.api.get(location, { token: user.token });
    expect(again.status).toBe(200);
    expect(again.body.uploadId).toBe(last.body.uploadId);
    expect(await tusOffset(server.api, location, user.token)).toBe(content.length);
    const list = await server.api.get('/api/v2/users/me/uploads', { token: user.token });
    expect(list.body.files.filter((f: { cid: string }) => f.cid === last.body.cid)).toHaveLength(1);
    expect(await reserved(user)).toBe(0);
    expect(fs.readdirSync(path.join(server.dataDir, 'resumable'))).toEqual([]);
  });

  it('refuses at creation what the quota or the 4 GiB cap cannot take, and a wrong length', async () => {
    const { server } = suite;
    const small = await createUser(server);
    await setStorageLimit(server, small, 2 * MIB);
    const over = await tusCreate(server.api, CREATE, 3 * MIB, { token: small.token });
    expect(over.status).toBe(403);
    expect(over.body.code).toBe('quota_exceeded');
    const huge = await tusCreate(server.api, CREATE, 4 * 1024 * MIB + 1, { token: small.token });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('file_too_large');
    const missing = await server.api.request('POST', CREATE, { token: small.token, headers: TUS });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('invalid_upload_length');
    const anonymous = await tusCreate(server.api, CREATE, 10);
    expect(anonymous.status).toBe(401);

    // A pending upload holds its length: a second one that does not fit beside it is refused.
    const first = await tusCreate(server.api, CREATE, 1.5 * MIB, { token: small.token });
    expect(first.status).toBe(201);
    expect((await tusCreate(server.api, CREATE, MIB, { token: small.token })).status).toBe(403);
    const dropped = await server.api.delete(first.headers.get('location')!, { token: small.token, headers: TUS });
    expect(dropped.status).toBe(204);
    expect(await reserved(small)).toBe(0);
    expect((await tusCreate(server.api, CREATE, MIB, { token: small.token })).status).toBe(201);
  });

  it('refuses privacy, a group or key-values rather than make a public record without them', async () => {
    const { server } = suite;
    const asker = await createUser(server);
    for (const query of ['private=true', 'groupId=0f6c1c1e-2b59-4c55-9d5e-3c1a4b0c9f10', 'meta=%7B%22env%22%3A%22prod%22%7D']) {
      const refused = await tusCreate(server.api, `${CREATE}?${query}`, 10, { token: asker.token, filename: 'secret.txt' });
      expect(refused.status, query).toBe(400);
      expect(refused.body.code).toBe('validation_error');
      expect(refused.body.error).toContain(query.split('=')[0]);
    }
    // Nothing was reserved or started.
    expect(await reserved(asker)).toBe(0);
    expect(await server.app.db.selectFrom('resumable_uploads').select('id').where('user_id', '=', asker.id).execute()).toEqual([]);
  });

  it('keeps another account out of an upload', async () => {
    const { server } = suite;
    const created = await tusCreate(server.api, CREATE, 100, { token: user.token });
    const location = created.headers.get('location')!;
    const other = await createUser(server);
    const head = await server.api.request('HEAD', location, { token: other.token, headers: TUS });
    expect(head.status).toBe(404);
    const patch = await tusPatch(server.api, location, 0, bytes(100), other.token);
    expect(patch.status).toBe(404);
    expect(patch.body.code).toBe('upload_not_found');
    expect(await tusOffset(server.api, location, user.token)).toBe(0);
  });

  it('expires a partial upload after 24 hours: refused, then pruned with its quota', async () => {
    const { server } = suite;
    const who = await createUser(server);
    const created = await tusCreate(server.api, CREATE, 2 * MIB, { token: who.token });
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;
    expect((await tusPatch(server.api, location, 0, bytes(MIB), who.token)).status).toBe(204);
    expect(fs.existsSync(path.join(server.dataDir, 'resumable', id))).toBe(true);

    const report = await sweepOnce(server.app, Date.now() + 25 * 3600_000);
    expect(report.resumablePruned).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(path.join(server.dataDir, 'resumable', id))).toBe(false);
    expect(fs.existsSync(path.join(server.dataDir, 'resumable', `${id}.json`))).toBe(false);
    expect(await reserved(who)).toBe(0);
    expect((await server.api.request('HEAD', location, { token: who.token, headers: TUS })).status).toBe(404);
  });

  it('refuses an upload past its expiry before the sweep runs', async () => {
    const { server } = suite;
    const created = await tusCreate(server.api, CREATE, 10, { token: user.token });
    const location = created.headers.get('location')!;
    await server.app.db
      .updateTable('resumable_uploads')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', location.split('/').pop()!)
      .execute();
    const late = await tusPatch(server.api, location, 0, bytes(10), user.token);
    expect(late.status).toBe(410);
    expect(late.body.code).toBe('upload_expired');
  });
});

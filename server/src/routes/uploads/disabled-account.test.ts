import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../commands/maintenance/jobs';
import { resumablePruner } from '../../commands/content/resumable/resumable-pruner';
import { createUser, fileForm, type TestUser } from '../../../test/factories';
import { DRIVERS, type TestServer } from '../../../test/harness';
import { slowUpload } from '../../../test/slow-upload';
import { serverSuite, withAdmin } from '../../../test/suites';
import { eventually } from '../../../test/eventually';
import { TUS, tusPatch } from '../../../test/tus';

/**
 * A disabled account's signed upload URLs and resumable uploads stop at once: the next request is
 * refused, an upload still streaming records nothing, and enabling the account again brings none
 * of them back (as with its sessions and API tokens).
 */

const bytes = (size: number, fill = 7) => new Uint8Array(size).fill(fill);

async function setStatus(server: TestServer, adminToken: string, user: TestUser, status: 'active' | 'inactive') {
  const res = await server.api.patch(`/api/v2/admin/users/${user.id}`, { status }, { token: adminToken });
  expect(res.status).toBe(200);
}

async function accounting(server: TestServer, user: TestUser) {
  const row = await server.app.stores.users.findById(user.id);
  const records = await server.app.db.selectFrom('uploads').select('id').where('user_id', '=', user.id).execute();
  return { records: records.length, used: Number(row!.storage_used), reserved: Number(row!.storage_reserved) };
}

async function signedUrl(server: TestServer, user: TestUser, maxBytes = 1000): Promise<string> {
  const res = await server.api.post('/api/v2/uploads/signed', { maxBytes, expiresIn: 600 }, { token: user.token });
  expect(res.status).toBe(201);
  return new URL(res.body.url).pathname;
}

async function logIn(server: TestServer, user: TestUser): Promise<string> {
  const res = await server.api.post('/api/v2/auth/login', { email: user.email, password: user.password });
  expect(res.status).toBe(200);
  return res.body.token;
}

describe.each(DRIVERS)('a disabled account (%s)', (driver) => {
  const suite = withAdmin(serverSuite(driver));

  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(suite.server);
  });

  it('stops a resumable upload made through a signed URL at its next request, for good', async () => {
    const { server, admin } = suite;
    const api = server.api;
    user = await createUser(server);
    const created = await api.request('POST', `${await signedUrl(server, user)}/resumable`, { headers: { ...TUS, 'Upload-Length': '10' } });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect((await tusPatch(api, location, 0, bytes(5))).status).toBe(204);

    await setStatus(server, admin.token, user, 'inactive');
    const refused = await tusPatch(api, location, 5, bytes(5));
    expect([refused.status, refused.body.code]).toEqual([401, 'account_disabled']);
    expect((await api.request('HEAD', location, { headers: TUS })).status).toBe(401);
    expect((await api.get(location)).status).toBe(401);
    expect(await accounting(server, user)).toMatchObject({ records: 0, used: 0 });

    await setStatus(server, admin.token, user, 'active');
    const after = await tusPatch(api, location, 5, bytes(5));
    expect([after.status, after.body.code]).toEqual([410, 'upload_expired']);
    // The next sweep gives its reserved length back.
    await resumablePruner(server.app);
    expect(await accounting(server, user)).toEqual({ records: 0, used: 0, reserved: 0 });
  });

  it('refuses its signed upload URLs, which stay dead once it is enabled again', async () => {
    const { server, admin } = suite;
    user = await createUser(server);
    const [single, resumable] = [await signedUrl(server, user), await signedUrl(server, user)];
    await setStatus(server, admin.token, user, 'inactive');
    const refused = await server.api.request('POST', single, { body: fileForm([{ name: 'a.txt', content: 'hello' }]) });
    expect([refused.status, refused.body.code]).toEqual([401, 'account_disabled']);
    await setStatus(server, admin.token, user, 'active');
    const expired = await server.api.request('POST', single, { body: fileForm([{ name: 'a.txt', content: 'hello' }]) });
    expect([expired.status, expired.body.code]).toEqual([410, 'signed_url_expired']);
    const tus = await server.api.request('POST', `${resumable}/resumable`, { headers: { ...TUS, 'Upload-Length': '5' } });
    expect([tus.status, tus.body.code]).toEqual([410, 'signed_url_expired']);
    expect(await accounting(server, user)).toEqual({ records: 0, used: 0, reserved: 0 });
  });

  it('ends its own resumable uploads too: a new session after it is enabled again cannot go on with one', async () => {
    const { server, admin } = suite;
    const api = server.api;
    user = await createUser(server);
    const created = await api.request('POST', '/api/v2/uploads/resumable', {
      token: user.token,
      headers: { ...TUS, 'Upload-Length': '10' },
    });
    const location = created.headers.get('location')!;
    expect((await tusPatch(api, location, 0, bytes(5), user.token)).status).toBe(204);
    await setStatus(server, admin.token, user, 'inactive');
    const refused = await tusPatch(api, location, 5, bytes(5), user.token);
    expect([refused.status, refused.body.code]).toEqual([401, 'account_disabled']);
    await setStatus(server, admin.token, user, 'active');
    const after = await tusPatch(api, location, 5, bytes(5), await logIn(server, user));
    expect([after.status, after.body.code]).toEqual([410, 'upload_expired']);
    expect(await accounting(server, user)).toMatchObject({ records: 0, used: 0 });
  });

  it('records nothing of an upload through a signed URL that was streaming when it was disabled', async () => {
    const { server, admin } = suite;
    user = await createUser(server);
    const signed = await signedUrl(server, user, 100_000);
    const upload = slowUpload(server.url, null, { path: signed, firstBytes: 10_000 });
    // The URL's use is taken as the upload starts.
    const url = await server.app.db.selectFrom('signed_uploads').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    await eventually(
      'the signed URL is used',
      async () =>
        (await server.app.db.selectFrom('signed_uploads').select('used_at').where('id', '=', url.id).executeTakeFirst())?.used_at != null,
    );
    await setStatus(server, admin.token, user, 'inactive');
    upload.finish();
    expect(await upload.status).toBe(401);
    await eventually('the reservation is given back', async () => (await accounting(server, user)).reserved === 0);
    expect(await accounting(server, user)).toEqual({ records: 0, used: 0, reserved: 0 });
  });

  it('records nothing of the last PATCH of a resumable upload that was streaming when it was disabled', async () => {
    const { server, admin } = suite;
    user = await createUser(server);
    const created = await server.api.request('POST', `${await signedUrl(server, user, 100_000)}/resumable`, {
      headers: { ...TUS, 'Upload-Length': '20000' },
    });
    const location = created.headers.get('location')!;
    const partial = path.join(server.dataDir, 'resumable', location.split('/').pop()!);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${server.url}${location}`, {
        method: 'PATCH',
        headers: { ...TUS, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', 'Content-Length': '20000' },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write(bytes(10_000));
      void eventually('part of the upload is on disk', async () => fs.existsSync(partial) && fs.statSync(partial).size >= 10_000)
        .then(() => setStatus(server, admin.token, user, 'inactive'))
        .then(() => req.end(bytes(10_000, 8)), reject);
    });
    const { status, body } = await answer;
    expect(status).toBe(401);
    expect(JSON.parse(body).code).toBe('account_disabled');
    expect(await accounting(server, user)).toMatchObject({ records: 0, used: 0 });
  });

  it('fails its queued pins without recording anything', async () => {
    const { server, admin } = suite;
    user = await createUser(server);
    const owner = await createUser(server);
    const held = await server.api.request('POST', '/api/v2/upload', {
      token: owner.token,
      body: fileForm([{ name: 'held.txt', content: 'held' }]),
    });
    // The pin stays queued while no runner takes jobs.
    await server.app.jobs.stop();
    const queued = await server.api.post('/api/v2/pins', { cid: held.body.cid }, { token: user.token });
    expect([queued.status, queued.body.status]).toEqual([202, 'queued']);
    await setStatus(server, admin.token, user, 'inactive');
    await startJobs(server.app);
    await eventually(
      'the queued pin failed',
      async () => (await server.app.stores.pinJobs.findForUser(user.id, queued.body.id))?.status === 'failed',
    );
    expect(await server.app.stores.pinJobs.findForUser(user.id, queued.body.id)).toMatchObject({
      error_code: 'account_disabled',
      upload_id: null,
    });
    expect(await accounting(server, user)).toMatchObject({ records: 0, used: 0 });
  });
});

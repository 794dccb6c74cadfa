import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createUser, fileForm, setStorageLimit, type TestUser } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { serverSuite } from '../../../test/suites';
import { tusCreate, tusOffset, tusPatch } from '../../../test/tus';

const bytes = (size: number) => new Uint8Array(crypto.randomBytes(size));

describe.each(DRIVERS)('signed upload URLs (%s)', (driver) => {
  const suite = serverSuite(driver);
  let user: TestUser;
  let apiToken: string;
  beforeAll(async () => {
    user = await createUser(suite.server);
    apiToken = (await createApiToken(suite.server, user)).token;
  });

  async function signedUrl(body: Record<string, unknown>) {
    const res = await suite.server.api.post('/api/v2/uploads/signed', body, { token: apiToken });
    expect(res.status).toBe(201);
    return { ...res.body, path: new URL(res.body.url).pathname } as { id: string; url: string; path: string; maxBytes: number };
  }

  it('lets one multipart upload happen without a token, charged to the creator; then 409', async () => {
    const { server } = suite;
    const signed = await signedUrl({ maxBytes: 1000, expiresIn: 60, name: 'report.pdf' });
    expect(signed.url).toMatch(/\/api\/v2\/uploads\/signed\/[A-Za-z0-9_-]{43}$/);
    const stored = await server.api.request('POST', signed.path, {
      body: fileForm([{ name: 'x.pdf', content: bytes(1000) }]),
      headers: { Origin: 'https://shop.example' },
    });
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({ name: 'report.pdf', size: 1000 });
    expect(stored.headers.get('access-control-allow-origin')).toBe('*');
    const mine = await server.api.get(`/api/v2/uploads/${stored.body.uploadId}`, { token: user.token });
    expect(mine.status).toBe(200);
    const reuse = await server.api.request('POST', signed.path, { body: fileForm([{ name: 'y.bin', content: bytes(10) }]) });
    expect(reuse.status).toBe(409);
    expect(reuse.body.code).toBe('signed_url_used');
    const row = await server.app.db.selectFrom('signed_uploads').selectAll().where('id', '=', signed.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).not.toContain(signed.url.split('/').pop());
    expect(row.upload_id).toBe(stored.body.uploadId);
  });

  it('refuses a file over maxBytes (413) and gives the use back; an unknown secret is 404', async () => {
    const { server } = suite;
    const signed = await signedUrl({ maxBytes: 100, expiresIn: 60 });
    const big = await server.api.request('POST', signed.path, { body: fileForm([{ name: 'big.bin', content: bytes(5000) }]) });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('file_too_large');
    const fits = await server.api.request('POST', signed.path, { body: fileForm([{ name: 'ok.bin', content: bytes(100) }]) });
    expect(fits.status).toBe(201);
    const unknown = await server.api.request('POST', '/api/v2/uploads/signed/nope', { body: fileForm([{ name: 'a', content: 'a' }]) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('signed_url_not_found');
  });

  it('answers 410 once expired', async () => {
    const { server } = suite;
    const signed = await signedUrl({ maxBytes: 100, expiresIn: 1 });
    await server.app.db
      .updateTable('signed_uploads')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', signed.id)
      .execute();
    const late = await server.api.request('POST', signed.path, { body: fileForm([{ name: 'a.bin', content: bytes(10) }]) });
    expect(late.status).toBe(410);
    expect(late.body.code).toBe('signed_url_expired');
  });

  it('takes a resumable upload through the URL, continued without any credential', async () => {
    const { server } = suite;
    const signed = await signedUrl({ maxBytes: 4096, expiresIn: 60 });
    expect((await tusCreate(server.api, `${signed.path}/resumable`, 5000)).status).toBe(413);
    const content = bytes(4096);
    const created = await tusCreate(server.api, `${signed.path}/resumable`, content.length, { filename: 'via-url.bin' });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/v2\/uploads\/resumable\/[A-Za-z0-9_-]{43}$/);
    expect((await tusCreate(server.api, `${signed.path}/resumable`, 10)).status).toBe(409);
    expect((await tusPatch(server.api, location, 0, content.subarray(0, 1000))).status).toBe(204);
    expect(await tusOffset(server.api, location)).toBe(1000);
    const done = await tusPatch(server.api, location, 1000, content.subarray(1000));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ name: 'via-url.bin', size: 4096 });
    expect((await server.api.get(`/api/v2/uploads/${done.body.uploadId}`, { token: user.token })).status).toBe(200);
  });

  it('charges the creator: a URL does not get past the creator\u2019s quota', async () => {
    const { server } = suite;
    const small = await createUser(server);
    await setStorageLimit(server, small, 1000);
    const res = await server.api.post('/api/v2/uploads/signed', { maxBytes: 5000, expiresIn: 60 }, { token: small.token });
    const path = new URL(res.body.url).pathname;
    const over = await tusCreate(server.api, `${path}/resumable`, 2000);
    expect(over.status).toBe(403);
    expect(over.body.code).toBe('quota_exceeded');
  });

  it('validates the request and needs a credential', async () => {
    const { server } = suite;
    const bad = await server.api.post('/api/v2/uploads/signed', { maxBytes: 0, expiresIn: 60 }, { token: apiToken });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_error');
    const anonymous = await server.api.post('/api/v2/uploads/signed', { maxBytes: 10, expiresIn: 60 });
    expect(anonymous.status).toBe(401);
  });
});

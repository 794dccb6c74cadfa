import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, fileForm, uploadFile } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';

const ipfsCid = (content: Uint8Array) => {
  const file = path.join(os.tmpdir(), `cairn-cid-${process.pid}-${Date.now()}`);
  fs.writeFileSync(file, content);
  try {
    return JSON.parse(execFileSync('ipfs_cid', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })).CIDv0 as string;
  } finally {
    fs.rmSync(file);
  }
};

describe.each(DRIVERS)('POST /api/v2/upload (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  it('stores a file with a CIDv1 by default and answers 201 with its record', async () => {
    const user = await createUser(server);
    const res = await server.api.request('POST', '/api/v2/upload', {
      token: user.token,
      body: fileForm([{ name: 'notes.md', content: '# hello\n' }]),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'notes.md', size: 8, type: 'file', category: 'text', nameSource: 'original', duplicate: false });
    expect(res.body.cid).toMatch(/^bafk/);
    const usage = await server.api.get('/api/v2/users/me/usage', { token: user.token });
    expect(usage.body).toMatchObject({ used: 8, limitReached: false });
  });

  it('gives exactly the CID of a default `ipfs add` with cidVersion=0', async () => {
    const user = await createUser(server);
    const content = new Uint8Array(262_145).map((_, i) => (i * 7) % 251);
    const res = await uploadFile(server, user, 'edge.bin', content, '?cidVersion=0');
    expect(res.cid).toBe(ipfsCid(content));
  });

  it('answers a second upload of the same content with the existing record, charged once', async () => {
    const user = await createUser(server);
    const first = await uploadFile(server, user, 'a.txt', 'same bytes');
    const again = await server.api.request('POST', '/api/v2/upload', {
      token: user.token,
      body: fileForm([{ name: 'b.txt', content: 'same bytes' }]),
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ uploadId: first.uploadId, duplicate: true });
    expect((await server.api.get('/api/v2/users/me/usage', { token: user.token })).body.used).toBe(10);
  });

  it('gives clashing file names a suffix instead of failing', async () => {
    const user = await createUser(server);
    await uploadFile(server, user, 'photo.jpg', 'one');
    const second = await uploadFile(server, user, 'photo.jpg', 'two');
    expect(second.name).toBe('photo-1.jpg');
  });

  it('refuses a request without a file part, and a non-multipart body', async () => {
    const user = await createUser(server);
    const form = new FormData();
    form.append('other', 'x');
    const none = await server.api.request('POST', '/api/v2/upload', { token: user.token, body: form });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('file_not_received');
    const json = await server.api.post('/api/v2/upload', { file: 'x' }, { token: user.token });
    expect(json.status).toBe(415);
  });

  it('requires authentication and validates cidVersion', async () => {
    expect((await server.api.request('POST', '/api/v2/upload', { body: fileForm([{ name: 'a', content: 'a' }]) })).status).toBe(401);
    const user = await createUser(server);
    const bad = await server.api.request('POST', '/api/v2/upload?cidVersion=2', {
      token: user.token,
      body: fileForm([{ name: 'a', content: 'a' }]),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('cidVersion must be 0 or 1');
  });

  it('keeps the older POST /file route working (201)', async () => {
    const user = await createUser(server);
    const res = await server.api.request('POST', '/api/v2/file', {
      token: user.token,
      body: fileForm([{ name: 'legacy.txt', content: 'old client' }]),
    });
    expect(res.status).toBe(201);
    expect(res.body.cid).toBeTruthy();
    const list = await server.api.get('/api/v2/file?page=1&limit=5', { token: user.token });
    expect(list.body).toMatchObject({ total: 1, page: 1, limit: 5 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, fileForm, setStorageLimit } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';

/** 300 empty files with names of 200 characters: no file bytes, 60,000 bytes of names. */
const emptyFiles = Array.from({ length: 300 }, (_, i) => ({ name: `names/${String(i).padStart(200, 'n')}`, content: '' }));

describe.each(DRIVERS)('a folder uploaded as one DAG is charged its folders too (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  const usage = async (token: string): Promise<number> => (await server.api.get('/api/v2/users/me/usage', { token })).body.used as number;

  it('charges the names and links of a folder of empty files, which its file bytes (0) leave out', async () => {
    const user = await createUser(server);
    const res = await server.api.request('POST', '/api/v2/upload/directory?mode=dag', { token: user.token, body: fileForm(emptyFiles) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ size: 0, filesCount: 300 });
    expect(res.body.chargedBytes).toBeGreaterThan(300 * 200);
    expect(res.body.chargedBytes).toBe(await server.app.content.dagBytes(res.body.cid));
    expect(await usage(user.token)).toBe(res.body.chargedBytes);
  });

  it('refuses such a folder past the quota, however few its file bytes', async () => {
    const user = await createUser(server);
    await setStorageLimit(server, user, 10 * 1024);
    const res = await server.api.request('POST', '/api/v2/upload/directory?mode=dag', { token: user.token, body: fileForm(emptyFiles) });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('quota_exceeded');
    expect(await usage(user.token)).toBe(0);
    expect((await server.api.get('/api/v2/users/me/uploads', { token: user.token })).body.total).toBe(0);
  });

  it('charges a folder of files their bytes and its nodes, and each file of a folder sent as files its bytes', async () => {
    const user = await createUser(server);
    const files = [
      { name: 'site/index.html', content: '<h1>hi</h1>' },
      { name: 'site/css/style.css', content: 'body{}' },
    ];
    const dag = await server.api.request('POST', '/api/v2/upload/directory?mode=dag', { token: user.token, body: fileForm(files) });
    expect(dag.body.size).toBe(17);
    expect(dag.body.chargedBytes).toBe(await server.app.content.dagBytes(dag.body.cid));
    const separate = await server.api.request('POST', '/api/v2/upload/directory?mode=files', { token: user.token, body: fileForm(files) });
    expect(separate.body.files.map((f: { size: number; chargedBytes: number }) => [f.size, f.chargedBytes])).toEqual([
      [11, 11],
      [6, 6],
    ]);
    expect(await usage(user.token)).toBe(dag.body.chargedBytes + 17);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, fileForm } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';

const tree = [
  { name: 'site/index.html', content: '<h1>hi</h1>' },
  { name: 'site/css/style.css', content: 'body{}' },
  { name: 'site/img/logo.svg', content: '<svg/>' },
];

describe.each(DRIVERS)('POST /api/v2/upload/directory (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  it('stores a folder as ONE DAG: one CID, one record, every file reachable by path', async () => {
    const user = await createUser(server);
    const res = await server.api.request('POST', '/api/v2/upload/directory?mode=dag', { token: user.token, body: fileForm(tree) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'directory', size: 23, filesCount: 3, duplicate: false });
    expect(res.body.files.map((f: { filename: string }) => f.filename).sort()).toEqual(tree.map((t) => t.name).sort());
    const list = await server.api.get('/api/v2/users/me/uploads', { token: user.token });
    expect(list.body.total).toBe(1);
    // The folder all paths share is the root itself (`ipfs add -r site`): paths below it read from it.
    expect(res.body.name).toBe('site');
    const css = await fetch(`${server.url}/ipfs/${res.body.cid}/css/style.css`);
    expect(await css.text()).toBe('body{}');
    expect(css.headers.get('content-type')).toContain('text/css');
    // The folder is a site: its root answers its index.html, as any IPFS gateway does.
    const home = await fetch(`${server.url}/ipfs/${res.body.cid}/`);
    expect(home.headers.get('content-type')).toBe('text/html');
    expect(await home.text()).toBe(tree.find((t) => t.name === 'site/index.html')!.content);
    const listing = await (await fetch(`${server.url}/ipfs/${res.body.cid}/css/`)).text();
    expect(listing).toContain(`/ipfs/${res.body.cid}/css/style.css`);
    expect(listing).not.toContain(`/ipfs/${res.body.cid}/site`);

    const dag = await server.api.get(`/api/v2/dag/${res.body.cid}`, { token: user.token });
    expect(dag.body).toMatchObject({ cid: res.body.cid, name: 'site', totalFiles: 3, totalSize: 23 });
    expect(dag.body.entries.map((e: { name: string }) => e.name)).toEqual(['css/style.css', 'img/logo.svg', 'index.html']);
    expect(dag.body.gatewayUrl).toBe(`https://ipfs.io/ipfs/${res.body.cid}`);
  });

  it('wraps a folder upload whose paths have no one top folder', async () => {
    const user = await createUser(server);
    const loose = [
      { name: 'readme.md', content: '# hi' },
      { name: 'docs/guide.md', content: 'guide' },
    ];
    const res = await server.api.request('POST', '/api/v2/upload/directory?mode=dag', { token: user.token, body: fileForm(loose) });
    expect(res.status).toBe(201);
    expect(await (await fetch(`${server.url}/ipfs/${res.body.cid}/docs/guide.md`)).text()).toBe('guide');
    const dag = await server.api.get(`/api/v2/dag/${res.body.cid}`, { token: user.token });
    expect(dag.body.entries.map((e: { name: string }) => e.name)).toEqual(['docs/guide.md', 'readme.md']);
  });

  it('stores a folder as separate files: one record and CID each', async () => {
    const user = await createUser(server);
    const res = await server.api.request('POST', '/api/v2/upload/directory?mode=files', { token: user.token, body: fileForm(tree) });
    expect(res.status).toBe(201);
    expect(res.body.total).toBe(3);
    expect(res.body.files.map((f: { name: string }) => f.name).sort()).toEqual(['index.html', 'logo.svg', 'style.css']);
    expect((await server.api.get('/api/v2/users/me/uploads', { token: user.token })).body.total).toBe(3);
    expect((await server.api.get('/api/v2/users/me/usage', { token: user.token })).body.used).toBe(23);
  });

  it('refuses duplicate and escaping paths in separate-files mode too, storing nothing', async () => {
    const user = await createUser(server);
    for (const files of [
      [
        { name: 'site/a.txt', content: 'one' },
        { name: 'site/a.txt', content: 'two' },
      ],
      [{ name: 'site/../../etc/passwd', content: 'x' }],
    ]) {
      const res = await server.api.request('POST', '/api/v2/upload/directory?mode=files', { token: user.token, body: fileForm(files) });
      expect([res.status, res.body.code]).toEqual([400, 'invalid_path']);
    }
    expect((await server.api.get('/api/v2/users/me/uploads', { token: user.token })).body.total).toBe(0);
    expect((await server.api.get('/api/v2/users/me/usage', { token: user.token })).body.used).toBe(0);
  });

  it('keeps each file’s path in the folder as its original name, so same-named files stay told apart', async () => {
    const user = await createUser(server);
    const same = [
      { name: 'x/readme.md', content: 'first' },
      { name: 'y/readme.md', content: 'second' },
    ];
    const res = await server.api.request('POST', '/api/v2/upload/directory?mode=files', { token: user.token, body: fileForm(same) });
    expect(res.status).toBe(201);
    const list = await server.api.get('/api/v2/users/me/uploads?sort=name&order=asc', { token: user.token });
    const records = list.body.files.map((f: { name: string; originalName: string }) => [f.name, f.originalName]);
    expect(records).toEqual([
      ['readme-1.md', 'y/readme.md'],
      ['readme.md', 'x/readme.md'],
    ]);
  });

  it('keeps POST /file/folder as the DAG alias and refuses an empty folder', async () => {
    const user = await createUser(server);
    const res = await server.api.request('POST', '/api/v2/file/folder', { token: user.token, body: fileForm(tree.slice(0, 1)) });
    expect(res.status).toBe(201);
    expect(res.body.type).toBe('directory');
    const empty = new FormData();
    empty.append('note', 'nothing');
    const none = await server.api.request('POST', '/api/v2/upload/directory', { token: user.token, body: empty });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('files_not_received');
  });
});

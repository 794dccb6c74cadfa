import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAG_PATH_MAX } from '@cairn/shared';
import { createUser, fileForm, uploadFile } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';

const tree = [
  { name: 'site/index.html', content: '<h1>hi</h1>' },
  { name: 'site/css/style.css', content: 'body{}' },
  { name: 'site/css/print/paper.css', content: '@page{}' },
  { name: 'site/img/logo.svg', content: '<svg/>' },
];

describe.each(DRIVERS)('GET /api/v2/dag/{cid} with path (%s)', (driver) => {
  let server: TestServer;
  let token: string;
  let root: string;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    const user = await createUser(server);
    token = user.token;
    const res = await server.api.request('POST', '/api/v2/upload/directory?mode=dag', { token, body: fileForm(tree) });
    root = res.body.cid;
  });
  afterAll(() => server?.close());

  const dag = (query: string) => server.api.get(`/api/v2/dag/${root}?${query}`, { token });
  const names = (body: { entries: Array<{ name: string; type: string }> }) => body.entries.map((e) => `${e.name}:${e.type}`);

  it('lists the root one level deep with an empty path, and keeps the whole-tree listing without one', async () => {
    const top = await dag('path=');
    expect(top.status).toBe(200);
    expect(names(top.body)).toEqual(['css:directory', 'img:directory', 'index.html:file']);
    expect(top.body).toMatchObject({ cid: root, total: 3, totalFiles: 4, totalSize: 30 });
    const whole = await dag('');
    expect(whole.body.entries.map((e: { name: string }) => e.name)).toEqual([
      'css/print/paper.css',
      'css/style.css',
      'img/logo.svg',
      'index.html',
    ]);
  });

  it('says whether a public gateway can find the content: the embedded engine announces nothing', async () => {
    const { body } = await dag('');
    expect(body).toMatchObject({ localUrl: `/ipfs/${root}`, gatewayUrl: `https://ipfs.io/ipfs/${root}`, announced: false });
  });

  it('lists a sub-folder at any depth, paged, whatever slashes surround the path', async () => {
    const css = await dag('path=/css/');
    expect(names(css.body)).toEqual(['print:directory', 'style.css:file']);
    expect(css.body.entries[1]).toMatchObject({ size: 6 });
    const deep = await dag(`path=${encodeURIComponent('css//print')}`);
    expect(names(deep.body)).toEqual(['paper.css:file']);
    const paged = await dag('path=css&page=2&limit=1');
    expect(paged.body).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(names(paged.body)).toEqual(['style.css:file']);
  });

  it('refuses a path to a file, a missing path, and . or .. segments', async () => {
    const file = await dag('path=index.html');
    expect(file.status).toBe(400);
    expect(file.body.code).toBe('not_a_directory');
    const missing = await dag('path=fonts');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('path_not_found');
    for (const bad of ['..', 'css/../img', './css']) {
      const res = await dag(`path=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
    // The longest path, in 4-byte characters percent-encoded, still fits in the request line.
    const longest = await dag(`path=${encodeURIComponent('😀'.repeat(DAG_PATH_MAX / 2))}`);
    expect(longest.status).toBe(404);
    const long = await dag(`path=${'a'.repeat(DAG_PATH_MAX + 1)}`);
    expect(long.status).toBe(400);
  });

  it('gives a single file no entries at its root and no path below it; another account gets nothing', async () => {
    const user = await createUser(server);
    const single = await uploadFile(server, user, 'note.txt', 'just a note');
    const res = await server.api.get(`/api/v2/dag/${single.cid}?path=`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ entries: [], total: 0, totalFiles: 1, totalSize: 11 });
    const below = await server.api.get(`/api/v2/dag/${single.cid}?path=inside`, { token: user.token });
    expect(below.status).toBe(404);
    expect(below.body.code).toBe('path_not_found');
    const other = await server.api.get(`/api/v2/dag/${root}?path=css`, { token: user.token });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('file_not_found');
  });
});

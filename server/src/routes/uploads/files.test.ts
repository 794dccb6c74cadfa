import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, fileForm, uploadFile } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';

describe.each(DRIVERS)('my files (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  it('lists newest first with page and limit, and filters by name or CID', async () => {
    const user = await createUser(server);
    const uploaded = [];
    for (let i = 0; i < 12; i++) uploaded.push(await uploadFile(server, user, `file-${i}.txt`, `content ${i}`));
    const first = await server.api.get('/api/v2/users/me/uploads', { token: user.token });
    expect(first.body).toMatchObject({ total: 12, page: 1, limit: 10 });
    expect(first.body.files).toHaveLength(10);
    expect(first.body.files[0].name).toBe('file-11.txt');
    const second = await server.api.get('/api/v2/users/me/uploads?page=2&limit=10', { token: user.token });
    expect(second.body.files.map((f: { name: string }) => f.name)).toEqual(['file-1.txt', 'file-0.txt']);
    const byName = await server.api.get('/api/v2/users/me/uploads?search=file-7', { token: user.token });
    expect(byName.body.files.map((f: { name: string }) => f.name)).toEqual(['file-7.txt']);
    const byCid = await server.api.get(`/api/v2/users/me/uploads?search=${uploaded[3]!.cid}`, { token: user.token });
    expect(byCid.body.total).toBe(1);
    expect((await server.api.get('/api/v2/users/me/uploads?limit=101', { token: user.token })).status).toBe(400);
    expect((await server.api.get('/api/v2/users/me/uploads?page=0', { token: user.token })).status).toBe(400);
  });

  it('sorts by name, size or date, either way, across pages and with a search', async () => {
    const user = await createUser(server);
    for (const [name, size] of [
      ['b.txt', 30],
      ['c.txt', 10],
      ['a.txt', 20],
      ['other.md', 5],
    ] as const) {
      await uploadFile(server, user, name, 'x'.repeat(size));
    }
    const names = async (query: string) =>
      ((await server.api.get(`/api/v2/users/me/uploads?${query}`, { token: user.token })).body.files as { name: string }[]).map(
        (f) => f.name,
      );
    expect(await names('sort=name&order=asc')).toEqual(['a.txt', 'b.txt', 'c.txt', 'other.md']);
    expect(await names('sort=name&order=desc&limit=2&page=2')).toEqual(['b.txt', 'a.txt']);
    expect(await names('sort=size&order=desc')).toEqual(['b.txt', 'a.txt', 'c.txt', 'other.md']);
    expect(await names('sort=date&order=asc')).toEqual(['b.txt', 'c.txt', 'a.txt', 'other.md']);
    expect(await names('sort=size&order=asc&search=.txt')).toEqual(['c.txt', 'a.txt', 'b.txt']);
    const searched = await server.api.get('/api/v2/users/me/uploads?sort=name&search=.txt', { token: user.token });
    expect(searched.body.total).toBe(3);
    const bad = await server.api.get('/api/v2/users/me/uploads?sort=colour', { token: user.token });
    expect([bad.status, bad.body.error]).toEqual([400, 'sort must be date, name or size']);
  });

  it('sorts names as a file manager does: numbers by value, case and accents aside, on every page and after a rename', async () => {
    const user = await createUser(server);
    for (const name of ['note-10.txt', 'Zed.txt', 'note-2.txt', 'résumé.txt', 'Note-3.txt', 'apple.txt', 'reply.txt']) {
      await uploadFile(server, user, name, `content of ${name}`);
    }
    const names = async (query: string) =>
      ((await server.api.get(`/api/v2/users/me/uploads?${query}`, { token: user.token })).body.files as { name: string }[]).map(
        (f) => f.name,
      );
    expect(await names('sort=name&order=asc')).toEqual([
      'apple.txt',
      'note-2.txt',
      'Note-3.txt',
      'note-10.txt',
      'reply.txt',
      'résumé.txt',
      'Zed.txt',
    ]);
    expect(await names('sort=name&order=asc&limit=3&page=2')).toEqual(['note-10.txt', 'reply.txt', 'résumé.txt']);
    expect(await names('sort=name&order=desc&limit=3')).toEqual(['Zed.txt', 'résumé.txt', 'reply.txt']);
    expect(await names('sort=name&order=asc&search=note')).toEqual(['note-2.txt', 'Note-3.txt', 'note-10.txt']);
    const [zed] = (await server.api.get('/api/v2/users/me/uploads?search=zed', { token: user.token })).body.files as { uploadId: string }[];
    expect((await server.api.patch(`/api/v2/uploads/${zed!.uploadId}`, { name: 'note-9.txt' }, { token: user.token })).status).toBe(200);
    expect(await names('sort=name&order=asc&search=note')).toEqual(['note-2.txt', 'Note-3.txt', 'note-9.txt', 'note-10.txt']);
  });

  it('shows info and renames within the rules', async () => {
    const user = await createUser(server);
    const a = await uploadFile(server, user, 'a.txt', 'aaa');
    await uploadFile(server, user, 'b.txt', 'bbb');
    const info = await server.api.get(`/api/v2/uploads/${a.uploadId}`, { token: user.token });
    expect(info.body).toMatchObject({ uploadId: a.uploadId, cid: a.cid, name: 'a.txt', size: 3 });

    const renamed = await server.api.patch(`/api/v2/uploads/${a.uploadId}`, { name: 'report_2026.v2-final' }, { token: user.token });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'report_2026.v2-final',
      customName: 'report_2026.v2-final',
      nameSource: 'custom',
      originalName: 'a.txt',
    });

    const onlyLetters = 'Name may contain only letters, digits, dots, underscores and hyphens';
    const cases: Array<[unknown, number, string]> = [
      [{ name: '' }, 400, 'Name is required'],
      [{}, 400, 'Send name, meta or both'],
      [{ name: 'x'.repeat(256) }, 400, 'Name must be at most 255 characters'],
      // Counted in characters, as the documented pattern counts them: 256 of them, each two UTF-16 units.
      [{ name: '𝒜'.repeat(256) }, 400, 'Name must be at most 255 characters'],
      [{ name: 'has space' }, 400, onlyLetters],
      [{ name: '../etc' }, 400, onlyLetters],
      [{ name: 'отчёт/2026.txt' }, 400, onlyLetters],
      [{ name: 'bell\u0007.txt' }, 400, onlyLetters],
      [{ name: 'invoice\u202Efdp.exe' }, 400, onlyLetters],
      [{ name: '.' }, 400, 'Name cannot start with a dot'],
      [{ name: '..' }, 400, 'Name cannot start with a dot'],
      [{ name: '.отчёт' }, 400, 'Name cannot start with a dot'],
      [{ name: 'b.txt' }, 409, 'A file with this name already exists'],
    ];
    for (const [body, status, error] of cases) {
      const res = await server.api.patch(`/api/v2/uploads/${a.uploadId}`, body, { token: user.token });
      expect([res.status, res.body.error]).toEqual([status, error]);
    }
  });

  it('renames to letters and digits of any script, so a file keeps the name it was uploaded with', async () => {
    const user = await createUser(server);
    const report = await uploadFile(server, user, 'отчёт.txt', 'report');
    expect(report.name).toBe('отчёт.txt');
    // Written as typed on a Mac (n + combining tilde) and as typed elsewhere: both are letters.
    for (const name of [
      'отчёт-2026.txt',
      'ñandú.md',
      'n\u0303andu\u0301.md',
      '報告_2026.pdf',
      'रिपोर्ट-२०२६.txt',
      'отчёт.txt',
      '𝒜'.repeat(255),
    ]) {
      const res = await server.api.patch(`/api/v2/uploads/${report.uploadId}`, { name }, { token: user.token });
      expect([res.status, res.body.name], name).toEqual([200, name]);
    }
    const listed = await server.api.get('/api/v2/users/me/uploads', { token: user.token });
    expect(listed.body.files.map((file: { name: string }) => file.name)).toEqual(['𝒜'.repeat(255)]);
    // The same rule holds where a name is chosen with the content (an upload's `name`, a pin's `customName`).
    const named = await server.api.request('POST', `/api/v2/upload?name=${encodeURIComponent('отчёт-2027.txt')}`, {
      token: user.token,
      body: fileForm([{ name: 'a.txt', content: 'next year' }]),
    });
    expect([named.status, named.body.name]).toEqual([201, 'отчёт-2027.txt']);
    const hidden = await server.api.request('POST', `/api/v2/upload?name=${encodeURIComponent('.отчёт')}`, {
      token: user.token,
      body: fileForm([{ name: 'a.txt', content: 'hidden' }]),
    });
    expect([hidden.status, hidden.body.error]).toEqual([400, 'Name cannot start with a dot']);
  });

  it("never reveals or touches another user's files (404, not 403)", async () => {
    const alice = await createUser(server);
    const bob = await createUser(server);
    const file = await uploadFile(server, alice, 'private.txt', 'alice only');
    for (const res of [
      await server.api.get(`/api/v2/uploads/${file.uploadId}`, { token: bob.token }),
      await server.api.patch(`/api/v2/uploads/${file.uploadId}`, { name: 'mine' }, { token: bob.token }),
      await server.api.delete(`/api/v2/uploads/${file.uploadId}`, { token: bob.token }),
      await server.api.delete(`/api/v2/file/${file.cid}`, { token: bob.token }),
      await server.api.get(`/api/v2/dag/${file.cid}`, { token: bob.token }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('File not found or not owned by the user');
    }
    expect((await server.api.get('/api/v2/users/me/uploads', { token: bob.token })).body.total).toBe(0);
    expect((await server.api.get(`/api/v2/uploads/${file.uploadId}`, { token: alice.token })).status).toBe(200);
  });

  it('deletes by uploadId or CID, refunds usage, and unpins only when nobody else holds the CID', async () => {
    const alice = await createUser(server);
    const bob = await createUser(server);
    const shared = await uploadFile(server, alice, 'shared.txt', 'held by two');
    await uploadFile(server, bob, 'copy.txt', 'held by two');
    const own = await uploadFile(server, alice, 'own.txt', 'only alice');

    const first = await server.api.delete(`/api/v2/uploads/${shared.uploadId}`, { token: alice.token });
    expect(first.body).toMatchObject({ success: true, cid: shared.cid, removed: true, operation: 'record_removed' });
    expect(await server.app.content.isPinned(shared.cid)).toBe(true);
    expect((await fetch(`${server.url}/ipfs/${shared.cid}`)).status).toBe(200);

    const second = await server.api.delete(`/api/v2/file/${shared.cid}`, { token: bob.token });
    expect(second.body).toMatchObject({ success: true, operation: 'unpinned' });
    expect(typeof second.body.timestamp).toBe('string');
    expect(await server.app.content.isPinned(shared.cid)).toBe(false);
    expect((await fetch(`${server.url}/ipfs/${shared.cid}`)).status).toBe(404);

    expect((await server.api.get('/api/v2/users/me/usage', { token: alice.token })).body.used).toBe(own.size);
    expect((await server.api.delete(`/api/v2/file/${shared.cid}`, { token: bob.token })).status).toBe(404);
    const actions = await server.app.db.selectFrom('logs').select('action').where('user_id', '=', alice.id).execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['upload', 'remove']));
  });
});

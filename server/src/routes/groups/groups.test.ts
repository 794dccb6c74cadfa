import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createUser, uploadFile, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { psaSettled } from '../../../test/psa';

const meta = (value: Record<string, string>) => `meta=${encodeURIComponent(JSON.stringify(value))}`;

describe.each(DRIVERS)('groups and key-values of records (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  const api = () => server.api;
  const list = async (user: TestUser, query = '') => {
    const res = await api().get(`/api/v2/users/me/uploads${query}`, { token: user.token });
    expect(res.status, res.text).toBe(200);
    return (res.body.files as { name: string }[]).map((f) => f.name).sort();
  };
  const createGroup = async (user: TestUser, name: string) => {
    const res = await api().post('/api/v2/groups', { name }, { token: user.token });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: string; name: string };
  };

  it('creates, renames, lists and deletes groups; names are unique per account and of any script', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const group = await createGroup(user, '  Отчёты 2026 / Q1  ');
    expect(group).toMatchObject({ name: 'Отчёты 2026 / Q1', filesCount: 0 });
    expect((await api().post('/api/v2/groups', { name: 'Отчёты 2026 / Q1' }, { token: user.token })).body.code).toBe('group_name_taken');
    // Another account may use the same name.
    await createGroup(other, 'Отчёты 2026 / Q1');
    expect((await api().post('/api/v2/groups', { name: 'x'.repeat(256) }, { token: user.token })).body.code).toBe('validation_error');
    expect((await api().post('/api/v2/groups', { name: 'a\u202Eb' }, { token: user.token })).body.code).toBe('validation_error');

    await createGroup(user, 'Taken');
    expect((await api().patch(`/api/v2/groups/${group.id}`, { name: 'Taken' }, { token: user.token })).body.code).toBe('group_name_taken');
    const renamed = await api().patch(`/api/v2/groups/${group.id}`, { name: 'Reports' }, { token: user.token });
    expect(renamed.body).toMatchObject({ id: group.id, name: 'Reports' });
    const listed = await api().get('/api/v2/groups', { token: user.token });
    expect(listed.body.groups.map((g: { name: string }) => g.name)).toEqual(['Reports', 'Taken']);
    expect(listed.body.total).toBe(2);

    // Another account's group is not found, whatever the request.
    for (const res of [
      await api().get(`/api/v2/groups/${group.id}`, { token: other.token }),
      await api().patch(`/api/v2/groups/${group.id}`, { name: 'Mine' }, { token: other.token }),
      await api().delete(`/api/v2/groups/${group.id}`, { token: other.token }),
      await api().get(`/api/v2/users/me/uploads?groupId=${group.id}`, { token: other.token }),
    ]) {
      expect([res.status, res.body.code]).toEqual([404, 'group_not_found']);
    }
    expect((await api().get(`/api/v2/groups/${group.id}`, { token: user.token })).body.name).toBe('Reports');
  });

  it('adds and removes records by id; deleting a group keeps its files', async () => {
    const user = await createUser(server);
    const a = await uploadFile(server, user, 'a.txt', 'group a');
    const b = await uploadFile(server, user, 'b.txt', 'group b');
    await uploadFile(server, user, 'c.txt', 'group c');
    const group = await createGroup(user, 'Mine');

    const added = await api().post(`/api/v2/groups/${group.id}/uploads`, { uploadIds: [a.uploadId, b.uploadId] }, { token: user.token });
    expect(added.body).toEqual({ added: 2 });
    expect(await list(user, `?groupId=${group.id}`)).toEqual(['a.txt', 'b.txt']);
    expect((await api().get(`/api/v2/groups/${group.id}`, { token: user.token })).body.filesCount).toBe(2);
    expect((await api().get(`/api/v2/uploads/${a.uploadId}`, { token: user.token })).body.groups).toEqual([{ id: group.id, name: 'Mine' }]);

    const removed = await api().post(`/api/v2/groups/${group.id}/uploads/remove`, { uploadIds: [a.uploadId] }, { token: user.token });
    expect(removed.body).toEqual({ removed: 1 });
    expect(await list(user, `?groupId=${group.id}`)).toEqual(['b.txt']);

    expect((await api().delete(`/api/v2/groups/${group.id}`, { token: user.token })).body).toEqual({ deleted: true });
    expect(await list(user)).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect((await api().get(`/api/v2/groups/${group.id}`, { token: user.token })).status).toBe(404);
  });

  it('never adds another account’s record, and tells it apart from none', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const mine = await uploadFile(server, user, 'mine.txt', 'mine');
    const theirs = await uploadFile(server, other, 'theirs.txt', 'theirs');
    const group = await createGroup(user, 'G');
    const res = await api().post(
      `/api/v2/groups/${group.id}/uploads`,
      { uploadIds: [mine.uploadId, theirs.uploadId] },
      { token: user.token },
    );
    expect([res.status, res.body.code]).toEqual([404, 'file_not_found']);
    // Nothing was added, the account's own record neither.
    expect(await list(user, `?groupId=${group.id}`)).toEqual([]);
    const rows = await server.app.db.selectFrom('upload_groups').selectAll().where('upload_id', '=', theirs.uploadId).execute();
    expect(rows).toEqual([]);
    // Nor can the other account put its record in this group.
    const into = await api().post(`/api/v2/groups/${group.id}/uploads`, { uploadIds: [theirs.uploadId] }, { token: other.token });
    expect([into.status, into.body.code]).toEqual([404, 'group_not_found']);
    const many = await api().post(
      `/api/v2/groups/${group.id}/uploads`,
      { uploadIds: Array(1001).fill(mine.uploadId) },
      { token: user.token },
    );
    expect(many.body.code).toBe('validation_error');
  });

  it('adds one record once, however many adds race', async () => {
    const user = await createUser(server);
    const a = await uploadFile(server, user, 'race.txt', 'race');
    const group = await createGroup(user, 'Race');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api().post(`/api/v2/groups/${group.id}/uploads`, { uploadIds: [a.uploadId] }, { token: user.token })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(200));
    expect(answers.reduce((sum, res) => sum + (res.body.added as number), 0)).toBe(1);
    expect((await api().get(`/api/v2/groups/${group.id}`, { token: user.token })).body.filesCount).toBe(1);
  });

  it('puts an upload in a group with key-values, and refuses broken limits with their codes before storing', async () => {
    const user = await createUser(server);
    const group = await createGroup(user, 'Uploads');
    const up = await uploadFile(server, user, 'tagged.txt', 'tagged', `?groupId=${group.id}&${meta({ env: 'prod', 'build.id': '42' })}`);
    expect((await api().get(`/api/v2/uploads/${up.uploadId}`, { token: user.token })).body).toMatchObject({
      meta: { env: 'prod', 'build.id': '42' },
      groups: [{ id: group.id, name: 'Uploads' }],
    });

    const refused = async (query: string) => {
      const res = await api().request('POST', `/api/v2/upload?${query}`, { token: user.token, body: form('refused.txt', 'refused') });
      return [res.status, res.body.code];
    };
    expect(await refused(meta({ 'bad key': 'x' }))).toEqual([400, 'meta_key_invalid']);
    expect(await refused(meta({ ['k'.repeat(65)]: 'x' }))).toEqual([400, 'meta_key_invalid']);
    expect(await refused(meta({ big: 'é'.repeat(513) }))).toEqual([400, 'meta_value_too_long']);
    expect(await refused(meta(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']))))).toEqual([
      400,
      'meta_too_many_keys',
    ]);
    expect(await refused('meta=not-json')).toEqual([400, 'validation_error']);
    const stranger = await createGroup(await createUser(server), 'Theirs');
    expect(await refused(`groupId=${stranger.id}`)).toEqual([404, 'group_not_found']);
    expect(await list(user)).toEqual(['tagged.txt']);
    // A value of exactly 1 KiB and a key of 64 characters are within the limits.
    const edge = await uploadFile(server, user, 'edge.txt', 'edge', `?${meta({ ['k'.repeat(64)]: 'é'.repeat(512) })}`);
    expect(Object.keys((await api().get(`/api/v2/uploads/${edge.uploadId}`, { token: user.token })).body.meta)).toEqual(['k'.repeat(64)]);
  });

  it('edits key-values later: sets, replaces and removes keys, within 50', async () => {
    const user = await createUser(server);
    const a = await uploadFile(server, user, 'edit.txt', 'edit', `?${meta({ env: 'dev', old: 'x' })}`);
    const patched = await api().patch(
      `/api/v2/uploads/${a.uploadId}`,
      { meta: { env: 'prod', old: null, team: 'core' } },
      { token: user.token },
    );
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.meta).toEqual({ env: 'prod', team: 'core' });
    expect(await list(user, `?${meta({ env: 'prod' })}`)).toEqual(['edit.txt']);
    expect(await list(user, '?metaExists=old')).toEqual([]);

    const full = Object.fromEntries(Array.from({ length: 48 }, (_, i) => [`k${i}`, 'v']));
    expect((await api().patch(`/api/v2/uploads/${a.uploadId}`, { meta: full }, { token: user.token })).status).toBe(200);
    const over = await api().patch(`/api/v2/uploads/${a.uploadId}`, { name: 'renamed.txt', meta: { one: '1' } }, { token: user.token });
    expect([over.status, over.body.code]).toEqual([400, 'meta_too_many_keys']);
    // Refused whole: the rename beside it did not happen either.
    expect(await list(user)).toEqual(['edit.txt']);
    const swap = await api().patch(`/api/v2/uploads/${a.uploadId}`, { meta: { one: '1', k0: null } }, { token: user.token });
    expect(Object.keys(swap.body.meta)).toHaveLength(50);
    expect((await api().patch(`/api/v2/uploads/${a.uploadId}`, {}, { token: user.token })).body.code).toBe('validation_error');
  });

  it('filters the list by key-values (equals, prefix, exists, AND-ed), group, name, CID, type, size and dates', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const a = await uploadFile(server, user, 'alpha.txt', 'alpha content', `?${meta({ env: 'prod', project: '2026-q1', owner: 'ann' })}`);
    await uploadFile(server, user, 'beta.txt', 'beta', `?${meta({ env: 'prod', project: '2025-q4' })}`);
    await uploadFile(server, user, 'gamma.png', 'gamma gamma gamma gamma', `?${meta({ env: 'dev', project: '2026_q2' })}`);
    // The same key-values in another account never show.
    await uploadFile(server, other, 'other.txt', 'other', `?${meta({ env: 'prod' })}`);

    expect(await list(user, `?${meta({ env: 'prod' })}`)).toEqual(['alpha.txt', 'beta.txt']);
    expect(await list(user, `?metaPrefix=${encodeURIComponent(JSON.stringify({ project: '2026-' }))}`)).toEqual(['alpha.txt']);
    // `_` and `%` are no wildcards in a prefix.
    expect(await list(user, `?metaPrefix=${encodeURIComponent(JSON.stringify({ project: '2026_' }))}`)).toEqual(['gamma.png']);
    expect(await list(user, '?metaExists=owner')).toEqual(['alpha.txt']);
    expect(await list(user, `?${meta({ env: 'prod' })}&metaExists=owner,project`)).toEqual(['alpha.txt']);
    expect(await list(user, `?${meta({ env: 'prod', project: '2025-q4' })}`)).toEqual(['beta.txt']);
    expect(await list(user, `?${meta({ env: 'nope' })}`)).toEqual([]);
    expect(await list(user, '?name=GAM')).toEqual(['gamma.png']);
    expect(await list(user, `?cid=${a.cid.slice(0, 20)}`)).toEqual(['alpha.txt']);
    expect(await list(user, '?category=image')).toEqual(['gamma.png']);
    expect(await list(user, '?type=file&minSize=10')).toEqual(['alpha.txt', 'gamma.png']);
    expect(await list(user, '?maxSize=4')).toEqual(['beta.txt']);
    expect(await list(user, `?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    expect(await list(user, `?to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}&maxSize=4`)).toEqual(['beta.txt']);
    const total = await api().get(`/api/v2/users/me/uploads?${meta({ env: 'prod' })}&limit=1`, { token: user.token });
    expect([total.body.total, total.body.files.length]).toEqual([2, 1]);
    expect((await api().get('/api/v2/users/me/uploads?meta=[1]', { token: user.token })).body.code).toBe('validation_error');
    // An empty or fractional size is no size: refused, never read as 0.
    for (const size of ['maxSize=', 'minSize=', 'maxSize=1.5', 'minSize=-1']) {
      const refused = await api().get(`/api/v2/users/me/uploads?${size}`, { token: user.token });
      expect([size, refused.status, refused.body.code]).toEqual([size, 400, 'validation_error']);
    }

    // By filter: every record that matches joins (or leaves) the group.
    const group = await createGroup(user, 'Prod');
    const added = await api().post(`/api/v2/groups/${group.id}/uploads`, { filter: { meta: { env: 'prod' } } }, { token: user.token });
    expect(added.body).toEqual({ added: 2 });
    expect(await list(user, `?groupId=${group.id}`)).toEqual(['alpha.txt', 'beta.txt']);
    expect(await list(user, `?groupId=${group.id}&metaExists=owner`)).toEqual(['alpha.txt']);
    const removed = await api().post(`/api/v2/groups/${group.id}/uploads/remove`, { filter: { name: 'beta' } }, { token: user.token });
    expect(removed.body).toEqual({ removed: 1 });
    expect(await list(user, `?groupId=${group.id}`)).toEqual(['alpha.txt']);
  });

  it('answers the same page when many records match (walked in order) as when few do', async () => {
    const user = await createUser(server);
    const group = await createGroup(user, 'Many');
    const start = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: 2600 }, (_, i) => ({
      id: randomUUID(),
      user_id: user.id,
      cid: `bafkreimany${[...i.toString(32).padStart(4, '0')].map((c) => 'abcdefghijklmnopqrstuvwxyz234567'[parseInt(c, 32)]).join('')}`,
      name: `many-${i}.txt`,
      name_key: `many-${String(i).padStart(5, '0')}.txt`,
      original_name: null,
      custom_name: null,
      name_source: 'original' as const,
      size: i,
      charged_bytes: 0,
      type: 'file' as const,
      category: 'text' as const,
      files_count: 1,
      source: 'upload' as const,
      created_at: new Date(start + i * 1000).toISOString(),
      meta: JSON.stringify({ env: i % 2 ? 'odd' : 'even' }),
    }));
    for (let at = 0; at < rows.length; at += 500) {
      const batch = rows.slice(at, at + 500);
      await server.app.db.insertInto('uploads').values(batch).execute();
      await server.app.db
        .insertInto('upload_meta')
        .values(batch.map((row, n) => ({ upload_id: row.id, user_id: user.id, key: 'env', value: (at + n) % 2 ? 'odd' : 'even' })))
        .execute();
    }
    const page = async (query: string) => {
      const res = await api().get(`/api/v2/users/me/uploads?limit=5&${query}`, { token: user.token });
      return { total: res.body.total as number, names: (res.body.files as { name: string }[]).map((f) => f.name) };
    };
    // 1,300 match: more than a page walks in order, the same answer as the ids read and sorted.
    expect(await page(`${meta({ env: 'odd' })}&page=2`)).toEqual({
      total: 1300,
      names: ['many-2589.txt', 'many-2587.txt', 'many-2585.txt', 'many-2583.txt', 'many-2581.txt'],
    });
    expect(await page(`metaPrefix=${encodeURIComponent(JSON.stringify({ env: 'ev' }))}&sort=size&order=asc`)).toEqual({
      total: 1300,
      names: ['many-0.txt', 'many-2.txt', 'many-4.txt', 'many-6.txt', 'many-8.txt'],
    });
    expect((await page('metaExists=env')).total).toBe(2600);
    const added = await api().post(
      `/api/v2/groups/${group.id}/uploads`,
      { filter: { meta: { env: 'even' }, maxSize: 2199 } },
      { token: user.token },
    );
    expect(added.body).toEqual({ added: 1100 });
    expect(await page(`groupId=${group.id}&minSize=100&maxSize=109`)).toEqual({
      total: 5,
      names: ['many-108.txt', 'many-106.txt', 'many-104.txt', 'many-102.txt', 'many-100.txt'],
    });
    expect(await page(`groupId=${group.id}&${meta({ env: 'even' })}&sort=name&order=desc`)).toEqual({
      total: 1100,
      names: ['many-2198.txt', 'many-2196.txt', 'many-2194.txt', 'many-2192.txt', 'many-2190.txt'],
    });
  });

  it('gives a pin by CID and a Pinning Service API pin their group and key-values', async () => {
    const owner = await createUser(server);
    const held = await uploadFile(server, owner, 'held.txt', 'held for pins');
    const second = await uploadFile(server, owner, 'second.txt', 'held for psa');
    const user = await createUser(server);
    const group = await createGroup(user, 'Pinned');

    const pin = await api().post(
      '/api/v2/pins',
      { cid: held.cid, originalName: 'held.txt', groupId: group.id, meta: { source: 'pin' } },
      { token: user.token },
    );
    expect(pin.status, pin.text).toBe(201);
    expect(pin.body.upload.meta).toEqual({ source: 'pin' });
    expect(await list(user, `?groupId=${group.id}`)).toEqual(['held.txt']);
    const badPin = await api().post('/api/v2/pins', { cid: second.cid, meta: { 'no spaces': 'x' } }, { token: user.token });
    expect([badPin.status, badPin.body.code]).toEqual([400, 'meta_key_invalid']);

    const { token } = await createApiToken(server, user);
    const psa = await api().post(
      '/psa/pins',
      { cid: second.cid, name: 'second.txt', meta: { app: 'x', 'cairn:group': group.id, 'cairn:env': 'prod' } },
      { token },
    );
    expect(psa.status, psa.text).toBe(202);
    expect((await psaSettled(server, token, psa.body.requestid)).status).toBe('pinned');
    expect(await list(user, `?groupId=${group.id}&${meta({ env: 'prod' })}`)).toEqual(['second.txt']);
    const stranger = await createGroup(await createUser(server), 'Theirs');
    const refused = await api().post('/psa/pins', { cid: second.cid, meta: { 'cairn:group': stranger.id } }, { token });
    expect(refused.status).toBe(404);
  });
});

function form(name: string, content: string): FormData {
  const body = new FormData();
  body.append('file', new Blob([content]), name);
  return body;
}

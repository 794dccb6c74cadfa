import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createUser, fileForm, uploadFile, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { psaSettled } from '../../../test/psa';
import { TUS, tusCreate, tusPatch } from '../../../test/tus';

/** What a request answers for a record that does not exist: a record outside the token's group must answer the same. */
const NOT_FOUND = { status: 404, body: { error: 'File not found or not owned by the user', code: 'file_not_found' } };

describe.each(DRIVERS)('an API token limited to one group (%s)', (driver) => {
  let server: TestServer;
  let user: TestUser;
  let album: { id: string };
  let other: { id: string };
  let inside: { uploadId: string; cid: string };
  let outside: { uploadId: string; cid: string };
  /** Every scope, within the album only. */
  let token: string;

  const api = () => server.api;
  const createGroup = async (name: string) => {
    const res = await api().post('/api/v2/groups', { name }, { token: user.token });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: string };
  };
  const names = async (path: string, as = token) => {
    const res = await api().get(path, { token: as });
    expect(res.status, res.text).toBe(200);
    return (res.body.files as { name: string }[]).map((file) => file.name).sort();
  };

  beforeAll(async () => {
    server = await startTestServer({ driver });
    user = await createUser(server);
    album = await createGroup('Album');
    other = await createGroup('Other');
    inside = await uploadFile(server, user, 'inside.txt', 'in the album', `?groupId=${album.id}`);
    outside = await uploadFile(server, user, 'outside.txt', 'in the other group', `?groupId=${other.id}`);
    await uploadFile(server, user, 'loose.txt', 'in no group');
    // The record in the album is in the other group too: the token must not learn that.
    expect((await api().post(`/api/v2/groups/${other.id}/uploads`, { uploadIds: [inside.uploadId] }, { token: user.token })).status).toBe(
      200,
    );
    token = (await createApiToken(server, user, { name: 'album', expiresInDays: 1, scopes: ['all'], groupId: album.id })).token;
  });
  afterAll(() => server.close());

  it("lists only its group's records, and is refused another group", async () => {
    expect(await names('/api/v2/users/me/uploads')).toEqual(['inside.txt']);
    expect(await names('/api/v2/file')).toEqual(['inside.txt']);
    // The count is the group's too, not the account's.
    expect((await api().get('/api/v2/users/me/uploads', { token })).body.total).toBe(1);
    expect(await names(`/api/v2/users/me/uploads?groupId=${album.id}`)).toEqual(['inside.txt']);
    const refused = await api().get(`/api/v2/users/me/uploads?groupId=${other.id}`, { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: `This API token is limited to group ${album.id} and cannot reach group ${other.id}`,
      code: 'insufficient_scope',
      scope: 'files:read',
    });
    // The whole account is still what a session sees.
    expect(await names('/api/v2/users/me/uploads', user.token)).toEqual(['inside.txt', 'loose.txt', 'outside.txt']);
  });

  it('answers a record outside its group exactly as one that does not exist, on every record route', async () => {
    const link = await api().post(`/api/v2/files/${outside.uploadId}/links`, { expiresIn: 600 }, { token: user.token });
    expect(link.status, link.text).toBe(201);
    const requests = (id: string, linkId: string) => [
      () => api().get(`/api/v2/uploads/${id}`, { token }),
      () => api().patch(`/api/v2/uploads/${id}`, { name: 'renamed.txt' }, { token }),
      () => api().put(`/api/v2/files/${id}/privacy`, { private: true }, { token }),
      () => api().get(`/api/v2/files/${id}/links`, { token }),
      () => api().post(`/api/v2/files/${id}/links`, { expiresIn: 600 }, { token }),
      () => api().delete(`/api/v2/files/${id}/links/${linkId}`, { token }),
      () => api().delete(`/api/v2/uploads/${id}`, { token }),
    ];
    const unknown = requests(randomUUID(), randomUUID());
    const outsider = requests(outside.uploadId, link.body.id);
    for (let i = 0; i < outsider.length; i++) {
      const [absent, hidden] = [await unknown[i]!(), await outsider[i]!()];
      expect({ status: absent.status, body: absent.body }).toEqual(NOT_FOUND);
      expect({ status: hidden.status, body: hidden.body }).toEqual(NOT_FOUND);
    }
    for (const path of [`/api/v2/dag/${outside.cid}`, `/api/v2/status/${outside.cid}`, `/api/v2/allocations/${outside.cid}`]) {
      const res = await api().get(path, { token });
      expect({ status: res.status, body: res.body }).toEqual(NOT_FOUND);
    }

    // At the gateway, a download is named after the record only when it is in the group.
    const disposition = (cid: string) =>
      fetch(`${server.url}/ipfs/${cid}?download=1`, { headers: { Authorization: `Bearer ${token}` } }).then((res) =>
        res.headers.get('content-disposition'),
      );
    expect(await disposition(inside.cid)).toContain('filename="inside.txt"');
    expect(await disposition(outside.cid)).toContain(`filename="${outside.cid}"`);

    // Nothing changed: the record keeps its name, its privacy and its link.
    const kept = await api().get(`/api/v2/uploads/${outside.uploadId}`, { token: user.token });
    expect(kept.body).toMatchObject({ name: 'outside.txt', private: false });
    const links = await api().get(`/api/v2/files/${outside.uploadId}/links`, { token: user.token });
    expect(links.body.links.map((l: { id: string }) => l.id)).toEqual([link.body.id]);

    // Its own record it reads, seeing no group but its own.
    const own = await api().get(`/api/v2/uploads/${inside.uploadId}`, { token });
    expect(own.status).toBe(200);
    expect(own.body.groups).toEqual([{ id: album.id, name: 'Album' }]);
    for (const path of [`/api/v2/dag/${inside.cid}`, `/api/v2/status/${inside.cid}`, `/api/v2/allocations/${inside.cid}`]) {
      expect((await api().get(path, { token })).status).toBe(200);
    }
  });

  it('puts what it uploads and pins into its group, and is refused another group', async () => {
    const stored = await api().request('POST', '/api/v2/upload', { token, body: fileForm([{ name: 'new.txt', content: 'new in album' }]) });
    expect(stored.status, stored.text).toBe(201);
    const folder = await api().request('POST', '/api/v2/upload/directory', {
      token,
      body: fileForm([{ name: 'folder/a.txt', content: 'a folder file' }]),
    });
    expect(folder.status, folder.text).toBe(201);
    expect(await names(`/api/v2/users/me/uploads?groupId=${album.id}`, user.token)).toEqual(['folder', 'inside.txt', 'new.txt']);

    const elsewhere = await api().request('POST', `/api/v2/upload?groupId=${other.id}`, {
      token,
      body: fileForm([{ name: 'elsewhere.txt', content: 'refused' }]),
    });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([403, 'insufficient_scope']);
    const pinElsewhere = await api().post('/api/v2/pins', { cid: inside.cid, groupId: other.id }, { token });
    expect([pinElsewhere.status, pinElsewhere.body.code]).toEqual([403, 'insufficient_scope']);

    // A CID another account holds, pinned through the token: its new record lands in the album.
    const owner = await createUser(server);
    const theirs = await uploadFile(server, owner, 'theirs.txt', 'pinned into the album');
    const pin = await api().post('/api/v2/pins', { cid: theirs.cid, originalName: 'pinned.txt' }, { token });
    expect(pin.status, pin.text).toBe(201);
    expect((await api().get(`/api/v2/pins/${pin.body.id}`, { token })).status).toBe(200);
    expect(await names(`/api/v2/users/me/uploads?groupId=${album.id}`, user.token)).toContain('pinned.txt');
    expect(await names('/api/v2/users/me/uploads', user.token)).not.toContain('elsewhere.txt');

    // A pin job of the account into another group is not found through the token.
    const second = await uploadFile(server, owner, 'second.txt', 'pinned into the other group');
    const otherPin = await api().post('/api/v2/pins', { cid: second.cid, groupId: other.id }, { token: user.token });
    expect(otherPin.status, otherPin.text).toBe(201);
    const hidden = await api().get(`/api/v2/pins/${otherPin.body.id}`, { token });
    expect([hidden.status, hidden.body.code]).toEqual([404, 'pin_not_found']);
  });

  it('puts what it uploads resumably or through a signed URL it made into its group, and reaches no other resumable upload', async () => {
    const content = new TextEncoder().encode('a resumable file for the album');
    const created = await tusCreate(api(), '/api/v2/uploads/resumable', content.length, { token, filename: 'resumed.txt' });
    expect(created.status, created.text).toBe(201);
    const location = created.headers.get('location')!;
    const done = await tusPatch(api(), location, 0, content, token);
    expect(done.status, done.text).toBe(200);
    expect(await names(`/api/v2/users/me/uploads?groupId=${album.id}`, user.token)).toContain('resumed.txt');

    // One the account started with a full credential answers the token as an unknown one would.
    const theirs = await tusCreate(api(), '/api/v2/uploads/resumable', 10, { token: user.token, filename: 'account.txt' });
    expect(theirs.status).toBe(201);
    const unknown = await api().request('HEAD', `/api/v2/uploads/resumable/${randomUUID()}`, { token, headers: TUS });
    const hidden = await api().request('HEAD', theirs.headers.get('location')!, { token, headers: TUS });
    expect(hidden.status).toBe(unknown.status);
    expect(unknown.status).toBe(404);
    expect((await api().request('DELETE', theirs.headers.get('location')!, { token, headers: TUS })).status).toBe(404);

    // A signed upload URL the token makes: whoever holds it uploads into the album, without a token.
    const url = await api().post('/api/v2/uploads/signed', { maxBytes: 1000, expiresIn: 60 }, { token });
    expect(url.status, url.text).toBe(201);
    const path = new URL(url.body.url as string).pathname;
    const signed = await api().request('POST', path, { body: fileForm([{ name: 'dropped.txt', content: 'dropped into the album' }]) });
    expect(signed.status, signed.text).toBe(201);
    const resumableUrl = await api().post('/api/v2/uploads/signed', { maxBytes: 1000, expiresIn: 60 }, { token });
    const viaUrl = await tusCreate(api(), `${new URL(resumableUrl.body.url as string).pathname}/resumable`, 21, {
      filename: 'dropped-later.txt',
    });
    expect(viaUrl.status, viaUrl.text).toBe(201);
    const finished = await tusPatch(api(), viaUrl.headers.get('location')!, 0, new TextEncoder().encode('dropped in resumably.'));
    expect(finished.status, finished.text).toBe(200);
    const filed = await names(`/api/v2/users/me/uploads?groupId=${album.id}`, user.token);
    expect(filed).toEqual(expect.arrayContaining(['dropped.txt', 'dropped-later.txt']));
    expect(await names('/api/v2/users/me/uploads')).toEqual(expect.arrayContaining(['dropped.txt', 'dropped-later.txt', 'resumed.txt']));
  });

  it('never pulls a record of the rest of the account into its group by storing or pinning the same content', async () => {
    const HELD = {
      status: 409,
      body: { error: 'The account already holds this content outside the group this API token is limited to', code: 'already_pinned' },
    };
    const again = await api().request('POST', '/api/v2/upload', {
      token,
      body: fileForm([{ name: 'copy.txt', content: 'in the other group' }]),
    });
    expect({ status: again.status, body: again.body }).toEqual(HELD);
    const pinned = await api().post('/api/v2/pins', { cid: outside.cid }, { token });
    expect({ status: pinned.status, body: pinned.body }).toEqual(HELD);
    const psa = await api().post('/psa/pins', { cid: outside.cid }, { token });
    expect(psa.status).toBe(409);
    expect(psa.body).toEqual({ error: { reason: 'ALREADY_PINNED', details: HELD.body.error } });

    // The record stays where it was, and the token still cannot reach it.
    const kept = await api().get(`/api/v2/uploads/${outside.uploadId}`, { token: user.token });
    expect(kept.body.groups).toEqual([{ id: other.id, name: 'Other' }]);
    expect((await api().get(`/api/v2/uploads/${outside.uploadId}`, { token })).status).toBe(404);
    expect(await names('/api/v2/users/me/uploads')).not.toContain('outside.txt');

    // Its own group's content it may store again: the same record answers.
    const resumed = await tusCreate(api(), '/api/v2/uploads/resumable', 'in the other group'.length, { token, filename: 'copy.txt' });
    expect(resumed.status, resumed.text).toBe(201);
    const last = await tusPatch(api(), resumed.headers.get('location')!, 0, new TextEncoder().encode('in the other group'), token);
    expect({ status: last.status, body: last.body }).toEqual(HELD);

    const own = await api().request('POST', '/api/v2/upload', { token, body: fileForm([{ name: 'again.txt', content: 'in the album' }]) });
    expect(own.status, own.text).toBe(200);
    expect(own.body).toMatchObject({ uploadId: inside.uploadId, duplicate: true });
  });

  it('sees and fills only its own group, and never creates, renames or deletes one', async () => {
    const listed = await api().get('/api/v2/groups', { token });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: 1, groups: [{ id: album.id, name: 'Album' }] });
    expect((await api().get(`/api/v2/groups/${album.id}`, { token })).status).toBe(200);
    expect((await api().get(`/api/v2/groups/${other.id}`, { token })).body.code).toBe('group_not_found');

    for (const res of [
      await api().post('/api/v2/groups', { name: 'New' }, { token }),
      await api().patch(`/api/v2/groups/${album.id}`, { name: 'Renamed' }, { token }),
      await api().delete(`/api/v2/groups/${album.id}`, { token }),
    ]) {
      expect([res.status, res.body.code]).toEqual([403, 'insufficient_scope']);
    }
    const otherIn = await api().post(`/api/v2/groups/${other.id}/uploads`, { uploadIds: [inside.uploadId] }, { token });
    expect([otherIn.status, otherIn.body.code]).toEqual([404, 'group_not_found']);
    // A filter never sweeps the rest of the account into its group.
    const swept = await api().post(`/api/v2/groups/${album.id}/uploads`, { filter: { search: 'loose' } }, { token });
    expect(swept.body).toEqual({ added: 0 });
    const byOtherGroup = await api().post(`/api/v2/groups/${album.id}/uploads`, { filter: { groupId: other.id } }, { token });
    expect([byOtherGroup.status, byOtherGroup.body.code]).toEqual([404, 'group_not_found']);
    expect(await names(`/api/v2/users/me/uploads?groupId=${album.id}`, user.token)).not.toContain('loose.txt');
  });

  it('lists, reads and removes only the Pinning Service API pins of its group, and pins into it', async () => {
    const owner = await createUser(server);
    const a = await uploadFile(server, owner, 'psa-a.txt', 'psa pin in the album');
    const b = await uploadFile(server, owner, 'psa-b.txt', 'psa pin in the other group');
    const full = (await createApiToken(server, user, { name: 'full', expiresInDays: 1 })).token;

    const mine = await api().post('/psa/pins', { cid: a.cid, name: 'psa-a' }, { token });
    expect(mine.status, mine.text).toBe(202);
    const theirs = await api().post('/psa/pins', { cid: b.cid, name: 'psa-b', meta: { 'cairn:group': other.id } }, { token: full });
    expect(theirs.status, theirs.text).toBe(202);
    expect((await psaSettled(server, token, mine.body.requestid)).status).toBe('pinned');
    expect((await psaSettled(server, full, theirs.body.requestid)).status).toBe('pinned');
    expect(await names(`/api/v2/users/me/uploads?groupId=${album.id}`, user.token)).toContain('psa-a');

    const listed = await api().get('/psa/pins', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((pin: { requestid: string }) => pin.requestid)).toEqual([mine.body.requestid]);
    expect(listed.body.count).toBe(1);
    expect((await api().get('/psa/pins', { token: full })).body.count).toBe(2);

    for (const res of [
      await api().get(`/psa/pins/${theirs.body.requestid}`, { token }),
      await api().post(`/psa/pins/${theirs.body.requestid}`, { cid: b.cid }, { token }),
      await api().delete(`/psa/pins/${theirs.body.requestid}`, { token }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.reason).toBe('NOT_FOUND');
    }
    const elsewhere = await api().post('/psa/pins', { cid: b.cid, meta: { 'cairn:group': other.id } }, { token });
    expect([elsewhere.status, elsewhere.body.error?.reason]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    expect((await api().get(`/psa/pins/${theirs.body.requestid}`, { token: full })).status).toBe(200);

    expect((await api().delete(`/psa/pins/${mine.body.requestid}`, { token })).status).toBe(202);
  });
});

import { describe, expect, it } from 'vitest';
import { createUser, uploadFile } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { serverSuite, withAdmin } from '../../../test/suites';

describe.each(DRIVERS)('/api/v2/admin/files (%s)', (driver) => {
  const suite = withAdmin(serverSuite(driver));

  const list = (query = '') => suite.server.api.get(`/api/v2/admin/files${query}`, { token: suite.admin.token });
  const remove = (id: string) => suite.server.api.delete(`/api/v2/admin/files/${id}`, { token: suite.admin.token });

  it("lists every account's records, newest first, with the owner", async () => {
    const alice = await createUser(suite.server);
    const bob = await createUser(suite.server);
    const a = await uploadFile(suite.server, alice, 'alice-report.pdf', 'alice content');
    const b = await uploadFile(suite.server, bob, 'bob-notes.md', '# bob');
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(res.body.files).toEqual([
      {
        uploadId: b.uploadId,
        name: 'bob-notes.md',
        cid: b.cid,
        size: 5,
        type: 'file',
        category: 'text',
        source: 'upload',
        createdAt: expect.any(String),
        userId: bob.id,
        userEmail: bob.email,
      },
      expect.objectContaining({ uploadId: a.uploadId, userId: alice.id, userEmail: alice.email, size: 13 }),
    ]);
  });

  it('searches by name, CID prefix and owner email, and pages', async () => {
    const carol = await createUser(suite.server, { email: `carol-${Date.now()}@example.org` });
    const one = await uploadFile(suite.server, carol, 'Quarterly-Plan.txt', 'q1');
    const two = await uploadFile(suite.server, carol, 'misc.txt', 'something else entirely');
    const byName = await list('?search=quarterly');
    expect(byName.body.files.map((f: { uploadId: string }) => f.uploadId)).toEqual([one.uploadId]);
    const byCid = await list(`?search=${two.cid.slice(0, 20)}`);
    expect(byCid.body.files.map((f: { uploadId: string }) => f.uploadId)).toEqual([two.uploadId]);
    // A CID matches by prefix only.
    expect((await list(`?search=${two.cid.slice(5, 25)}`)).body.total).toBe(0);
    const byEmail = await list(`?search=${carol.email.toUpperCase()}`);
    expect(byEmail.body.total).toBe(2);
    const page = await list(`?search=${carol.email}&limit=1&page=2`);
    expect(page.body).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(page.body.files.map((f: { uploadId: string }) => f.uploadId)).toEqual([one.uploadId]);
  });

  it("deletes any account's record, refunds its owner, and unpins only when nobody else holds the content", async () => {
    const dave = await createUser(suite.server);
    const erin = await createUser(suite.server);
    const shared = 'the same bytes, held twice';
    const daves = await uploadFile(suite.server, dave, 'shared.txt', shared);
    const erins = await uploadFile(suite.server, erin, 'copy.txt', shared);
    expect(daves.cid).toBe(erins.cid);

    const first = await remove(daves.uploadId);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      removed: true,
      cid: daves.cid,
      uploadId: daves.uploadId,
      operation: 'record_removed',
    });
    expect(await suite.server.app.content.isPinned(daves.cid)).toBe(true);
    expect((await suite.server.api.get('/api/v2/users/me/usage', { token: dave.token })).body.used).toBe(0);
    expect((await suite.server.api.get('/api/v2/users/me/usage', { token: erin.token })).body.used).toBe(shared.length);

    const second = await remove(erins.uploadId);
    expect(second.body.operation).toBe('unpinned');
    expect(await suite.server.app.content.isPinned(erins.cid)).toBe(false);
    expect((await suite.server.api.get('/api/v2/users/me/usage', { token: erin.token })).body.used).toBe(0);

    const again = await remove(erins.uploadId);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('file_not_found');
    expect((await remove('not-a-uuid')).status).toBe(404);
  });

  it('logs the removal under the administrator, with the owner', async () => {
    const frank = await createUser(suite.server);
    const file = await uploadFile(suite.server, frank, 'evidence.txt', 'to be removed');
    await remove(file.uploadId);
    const row = await suite.server.app.db
      .selectFrom('logs')
      .selectAll()
      .where('action', '=', 'remove')
      .where('details', 'like', `%${file.uploadId}%`)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: suite.admin.id, user_email: suite.admin.email });
    expect(JSON.parse(row.details!)).toMatchObject({ uploadId: file.uploadId, cid: file.cid, ownerId: frank.id, ownerEmail: frank.email });
  });
});

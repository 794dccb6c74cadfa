import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carBytes, unixfsFile } from '../../../test/cars';
import { createApiToken, createUser, fileForm, uploadFile, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { expectPsaError, LOOPBACK_PEERS, psaSettled } from '../../../test/psa';

/**
 * One account holding one CID in several ways: an upload, a folder, a CAR, a pin by CID and
 * remote pins (Pinning Service API). Nothing made one way is lost through another, and the bytes
 * are charged once.
 */
describe.each(DRIVERS)('one CID held several ways by one account (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, config: { pinTimeoutMs: 5_000, ipfs: LOOPBACK_PEERS } });
  });
  afterAll(() => server?.close());

  async function account() {
    const user = await createUser(server);
    const { token } = await createApiToken(server, user);
    return { user, token };
  }
  const files = async (user: TestUser) =>
    (await server.api.get('/api/v2/users/me/uploads', { token: user.token })).body.files as Array<{
      cid: string;
      uploadId: string;
      name: string;
    }>;
  const usage = async (user: TestUser) => (await server.api.get('/api/v2/users/me/usage', { token: user.token })).body.used as number;
  const served = async (cid: string) => (await fetch(`${server.url}/ipfs/${cid}`)).status;
  async function remotePin(token: string, cid: string, name?: string) {
    const res = await server.api.post('/psa/pins', { cid, ...(name ? { name } : {}) }, { token });
    expect(res.status).toBe(202);
    const pinned = await psaSettled(server, token, res.body.requestid);
    expect(pinned.status).toBe('pinned');
    return pinned as { requestid: string; info: { upload_id: string } };
  }
  async function remoteRm(token: string, requestid: string) {
    const res = await server.api.delete(`/psa/pins/${requestid}`, { token });
    expect(res.status).toBe(202);
    expectPsaError(await server.api.get(`/psa/pins/${requestid}`, { token }), 404, 'NOT_FOUND');
  }
  /** The account still holds `cid` as this record: listed, charged `bytes` in all, pinned and served. */
  async function stillHeld(user: TestUser, cid: string, uploadId: string, bytes: number) {
    expect((await files(user)).map((f) => [f.cid, f.uploadId])).toEqual([[cid, uploadId]]);
    expect(await usage(user)).toBe(bytes);
    expect(await server.app.content.isPinned(cid)).toBe(true);
    expect(await served(cid)).toBe(200);
  }

  it('an upload stays when a remote pin of the same CID is added and removed (Kubo’s pin remote add/rm)', async () => {
    const { user, token } = await account();
    const report = await uploadFile(server, user, 'report.pdf', '%PDF-1.7 quarterly report');
    const pin = await remotePin(token, report.cid, 'report.pdf');
    // The remote pin stands on the upload's record: nothing recorded or charged twice.
    expect(pin.info.upload_id).toBe(report.uploadId);
    expect(await usage(user)).toBe(report.size);
    await remoteRm(token, pin.requestid);
    await stillHeld(user, report.cid, report.uploadId, report.size);
  });

  it('a pin by CID stays when a remote pin of the same CID is added and removed', async () => {
    const owner = await createUser(server);
    const { cid, size } = await uploadFile(server, owner, 'shared.txt', 'pinned by CID first');
    const { user, token } = await account();
    const pinned = await server.api.post('/api/v2/pins', { cid }, { token: user.token });
    expect(pinned.status).toBe(201);
    const remote = await remotePin(token, cid);
    expect(remote.info.upload_id).toBe(pinned.body.upload.uploadId);
    await remoteRm(token, remote.requestid);
    // The other account's record goes: only this account's own pin holds the content now.
    await server.api.delete(`/api/v2/uploads/${(await files(owner))[0]!.uploadId}`, { token: owner.token });
    await stillHeld(user, cid, pinned.body.upload.uploadId, size);
  });

  it('a CAR upload stays when a remote pin of its root is added and removed', async () => {
    const { user, token } = await account();
    const file = await unixfsFile([Buffer.from('first leaf of the car '), Buffer.from('second leaf')]);
    const car = await server.api.request('POST', '/api/v2/upload/car', {
      token: user.token,
      body: await carBytes([file.root.cid], [file.root, ...file.leaves]),
      headers: { 'content-type': 'application/vnd.ipld.car' },
    });
    expect(car.status).toBe(201);
    const remote = await remotePin(token, car.body.cid);
    await remoteRm(token, remote.requestid);
    await stillHeld(user, car.body.cid, car.body.uploadId, car.body.chargedBytes);
  });

  it('content first pinned remotely and then uploaded becomes the account’s own: removing the pin keeps it', async () => {
    const owner = await createUser(server);
    const kept = await uploadFile(server, owner, 'keeper.txt', 'uploaded after its remote pin');
    const { user, token } = await account();
    const remote = await remotePin(token, kept.cid, 'remote-name.txt');
    const upload = await uploadFile(server, user, 'draft.txt', 'uploaded after its remote pin');
    expect(upload).toMatchObject({ uploadId: remote.info.upload_id, duplicate: true });
    expect(await usage(user)).toBe(kept.size);
    // Only this account holds the content from here on.
    await server.api.delete(`/api/v2/uploads/${kept.uploadId}`, { token: owner.token });
    await remoteRm(token, remote.requestid);
    await stillHeld(user, kept.cid, remote.info.upload_id, kept.size);
  });

  it('content pinned remotely and then pinned by CID becomes the account’s own: removing the remote pin keeps it', async () => {
    const owner = await createUser(server);
    const { cid, size } = await uploadFile(server, owner, 'both.txt', 'remote first, then by CID');
    const { user, token } = await account();
    const remote = await remotePin(token, cid);
    const byCid = await server.api.post('/api/v2/pins', { cid }, { token: user.token });
    expect(byCid.status).toBe(201);
    expect(byCid.body.upload.uploadId).toBe(remote.info.upload_id);
    expect((await server.api.post('/api/v2/pins', { cid }, { token: user.token })).body.code).toBe('already_pinned');
    await remoteRm(token, remote.requestid);
    await server.api.delete(`/api/v2/uploads/${(await files(owner))[0]!.uploadId}`, { token: owner.token });
    await stillHeld(user, cid, remote.info.upload_id, size);
  });

  it('two remote pins of one CID share its record, charged once; it goes with the last of them only', async () => {
    const owner = await createUser(server);
    const { cid, size } = await uploadFile(server, owner, 'twice.txt', 'pinned remotely twice');
    const { user, token } = await account();
    const a = await remotePin(token, cid, 'a');
    const b = await remotePin(token, cid, 'b');
    expect(b.info.upload_id).toBe(a.info.upload_id);
    expect(await usage(user)).toBe(size);
    await remoteRm(token, a.requestid);
    expect((await server.api.get(`/psa/pins/${b.requestid}`, { token })).body.status).toBe('pinned');
    expect(await usage(user)).toBe(size);
    await remoteRm(token, b.requestid);
    expect(await files(user)).toEqual([]);
    expect(await usage(user)).toBe(0);
  });

  it('a file uploaded alone and inside a folder: removing either, or a remote pin of the file, keeps the other', async () => {
    const { user, token } = await account();
    const folder = await server.api.request('POST', '/api/v2/upload/directory?mode=dag', {
      token: user.token,
      body: fileForm([
        { name: 'album/one.txt', content: 'one, alone and in the folder' },
        { name: 'album/two.txt', content: 'two, only in the folder' },
      ]),
    });
    expect(folder.status).toBe(201);
    const one = await uploadFile(server, user, 'one.txt', 'one, alone and in the folder');
    expect(folder.body.files.map((f: { cid: string }) => f.cid)).toContain(one.cid);
    const remote = await remotePin(token, one.cid);
    await remoteRm(token, remote.requestid);
    expect((await files(user)).map((f) => f.cid).sort()).toEqual([folder.body.cid, one.cid].sort());
    expect(await usage(user)).toBe(folder.body.chargedBytes + one.chargedBytes);

    await server.api.delete(`/api/v2/uploads/${one.uploadId}`, { token: user.token });
    expect(await (await fetch(`${server.url}/ipfs/${folder.body.cid}/one.txt`)).text()).toBe('one, alone and in the folder');
    const again = await uploadFile(server, user, 'one.txt', 'one, alone and in the folder');
    await server.api.delete(`/api/v2/uploads/${folder.body.uploadId}`, { token: user.token });
    await stillHeld(user, one.cid, again.uploadId, one.chargedBytes);
  });

  it('deleting the file in My files removes the remote pins that stand on it', async () => {
    const { user, token } = await account();
    const file = await uploadFile(server, user, 'gone.txt', 'deleted from My files');
    const a = await remotePin(token, file.cid, 'a');
    const b = await remotePin(token, file.cid, 'b');
    expect((await server.api.delete(`/api/v2/uploads/${file.uploadId}`, { token: user.token })).status).toBe(200);
    for (const pin of [a, b]) expectPsaError(await server.api.get(`/psa/pins/${pin.requestid}`, { token }), 404, 'NOT_FOUND');
    expect((await server.api.get('/psa/pins?status=queued,pinning,pinned,failed', { token })).body).toEqual({ count: 0, results: [] });
    expect(await usage(user)).toBe(0);
    expect(await server.app.content.isPinned(file.cid)).toBe(false);
    expect(await server.app.db.selectFrom('psa_pins').select('requestid').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  // The two take the request and the record in opposite orders: on PostgreSQL one may be undone as
  // a deadlock, and must run again rather than fail.
  it('a remote pin removed while its file is deleted in My files, at once, eight times: no error, nothing left, nothing charged', async () => {
    const { user, token } = await account();
    for (let round = 0; round < 8; round++) {
      const file = await uploadFile(server, user, `race-${round}.txt`, `removed two ways at once, round ${round}`);
      const pin = await remotePin(token, file.cid);
      const [psa, upload] = await Promise.all([
        server.api.delete(`/psa/pins/${pin.requestid}`, { token }),
        server.api.delete(`/api/v2/uploads/${file.uploadId}`, { token: user.token }),
      ]);
      // Whichever came second found its thing gone with the other: 404, never a server error.
      expect([202, 404]).toContain(psa.status);
      expect([200, 404]).toContain(upload.status);
      expect((await server.api.get('/psa/pins?status=queued,pinning,pinned,failed', { token })).body).toEqual({ count: 0, results: [] });
      expect(await files(user)).toEqual([]);
      expect(await usage(user)).toBe(0);
    }
  });
});

import { decode as decodePb } from '@ipld/dag-pb';
import { beforeAll, describe, expect, it } from 'vitest';
import { CID } from 'multiformats/cid';
import { carBytes, unixfsDirectory } from '../../../test/cars';
import { manualClock } from '../../../test/clock';
import { createUser, fileForm, uploadFile, type TestUser } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { serverSuite } from '../../../test/suites';

/** 600 KiB of bytes no other test stores: a file of several blocks (256 KiB chunks, raw leaves). */
const bytesOf = (seed: number) => new Uint8Array(600 * 1024).map((_, i) => (i * 31 + seed) % 251);

describe.each(DRIVERS)('private records and signed access links (%s)', (driver) => {
  const suite = serverSuite(driver);
  let owner: TestUser;
  let other: TestUser;
  const gateway = (path: string, init?: RequestInit) => fetch(`${suite.server.url}${path}`, init);
  const link = async (uploadId: string, body: Record<string, unknown>, user = owner) =>
    suite.server.api.post(`/api/v2/files/${uploadId}/links`, body, { token: user.token });
  const leaves = async (cid: string) => decodePb(await suite.server.app.content.block(cid)).Links.map((l) => l.Hash.toString());

  beforeAll(async () => {
    owner = await createUser(suite.server);
    other = await createUser(suite.server);
  });

  it('refuses a private file, its paths, its CAR and each of its blocks to an anonymous request', async () => {
    const file = await uploadFile(suite.server, owner, 'secret.bin', bytesOf(1), '?private=true');
    expect(file).toMatchObject({ private: true });
    const blocks = await leaves(file.cid);
    expect(blocks.length).toBeGreaterThan(1);
    for (const path of [
      `/ipfs/${file.cid}`,
      `/ipfs/${file.cid}?format=car`,
      `/ipfs/${file.cid}?format=raw`,
      `/ipfs/${blocks[0]}?format=raw`,
      `/ipfs/${blocks[1]}`,
    ]) {
      const res = await gateway(path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('not_found');
    }
    const listed = await suite.server.api.get('/api/v2/users/me/uploads', { token: owner.token });
    expect(listed.body.files.find((f: { uploadId: string }) => f.uploadId === file.uploadId).private).toBe(true);
  });

  it('serves a private folder nothing by path, and a signed link every path under it', async () => {
    const form = fileForm([
      { name: 'docs/a.txt', content: 'alpha' },
      { name: 'docs/b.txt', content: 'beta' },
    ]);
    const res = await suite.server.api.request('POST', '/api/v2/upload/directory?private=true', { token: owner.token, body: form });
    expect(res.status).toBe(201);
    expect(res.body.private).toBe(true);
    const a = res.body.files.find((f: { filename: string }) => f.filename.endsWith('a.txt'));
    expect((await gateway(`/ipfs/${res.body.cid}/a.txt`)).status).toBe(404);
    expect((await gateway(`/ipfs/${a.cid}`)).status).toBe(404);
    const shared = await link(res.body.uploadId, { expiresIn: 600 });
    const opened = await gateway(`/ipfs/${res.body.cid}/a.txt?token=${shared.body.token}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toBe('alpha');
    const listing = await gateway(`/ipfs/${res.body.cid}/?token=${shared.body.token}`);
    expect(await listing.text()).toContain(`b.txt?token=${shared.body.token}`);
    // A link signs the root's path prefix: it opens nothing under another CID, a block of the folder included.
    expect((await gateway(`/ipfs/${a.cid}?token=${shared.body.token}`)).status).toBe(403);
  });

  it('serves whatever someone else holds publicly, and a private record hides nobody else’s public one', async () => {
    const bytes = bytesOf(2);
    const mine = await uploadFile(suite.server, owner, 'shared.bin', bytes, '?private=true');
    expect((await gateway(`/ipfs/${mine.cid}`)).status).toBe(404);
    const theirs = await uploadFile(suite.server, other, 'public.bin', bytes);
    expect(theirs).toMatchObject({ private: false });
    const served = await gateway(`/ipfs/${mine.cid}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    expect((await gateway(`/ipfs/${(await leaves(mine.cid))[0]}?format=raw`)).status).toBe(200);
    // Once the public record goes, the content is the private record's alone again.
    expect((await suite.server.api.delete(`/api/v2/uploads/${theirs.uploadId}`, { token: other.token })).status).toBe(200);
    expect((await gateway(`/ipfs/${mine.cid}`)).status).toBe(404);
    expect((await gateway(`/ipfs/${(await leaves(mine.cid))[0]}?format=raw`)).status).toBe(404);
  });

  it('toggles privacy, and a pin by CID can make its record private', async () => {
    const file = await uploadFile(suite.server, owner, 'toggle.bin', bytesOf(3));
    expect((await gateway(`/ipfs/${file.cid}`)).status).toBe(200);
    const set = await suite.server.api.put(`/api/v2/files/${file.uploadId}/privacy`, { private: true }, { token: owner.token });
    expect(set.status).toBe(200);
    expect(set.body.private).toBe(true);
    expect((await gateway(`/ipfs/${file.cid}`)).status).toBe(404);
    expect((await gateway(`/ipfs/${(await leaves(file.cid))[1]}?format=raw`)).status).toBe(404);
    expect(
      (await suite.server.api.put(`/api/v2/files/${file.uploadId}/privacy`, { private: false }, { token: owner.token })).body.private,
    ).toBe(false);
    expect((await gateway(`/ipfs/${file.cid}`)).status).toBe(200);
    expect((await gateway(`/ipfs/${(await leaves(file.cid))[1]}?format=raw`)).status).toBe(200);
    // Another account cannot touch the record.
    expect((await suite.server.api.put(`/api/v2/files/${file.uploadId}/privacy`, { private: true }, { token: other.token })).status).toBe(
      404,
    );
    expect((await suite.server.api.put(`/api/v2/files/${file.uploadId}/privacy`, { private: 'yes' }, { token: owner.token })).status).toBe(
      400,
    );

    const pinned = await suite.server.api.post('/api/v2/pins', { cid: file.cid, private: true }, { token: other.token });
    expect([200, 201, 202]).toContain(pinned.status);
    const record = await suite.server.app.stores.uploads.findByCidForUser(other.id, file.cid);
    expect(record?.private).toBe(1);
    // The owner's record is public: the content stays served.
    expect((await gateway(`/ipfs/${file.cid}`)).status).toBe(200);
  });

  it('opens a private file through a signed link until it expires, with its download name, and no cache keeps it', async () => {
    const bytes = bytesOf(4);
    const file = await uploadFile(suite.server, owner, 'report.bin', bytes, '?private=true');
    const created = await link(file.uploadId, { expiresIn: 600, downloadName: 'Quarterly report.bin' });
    expect(created.status).toBe(201);
    expect(created.body.url).toMatch(new RegExp(`/ipfs/${file.cid}\\?token=`));
    const res = await fetch(created.body.url.replace(/^https?:\/\/[^/]+/, suite.server.url));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="Quarterly%20report.bin"');
    // A requester cannot rename the download of a link that has a name.
    const renamed = await gateway(`/ipfs/${file.cid}?token=${created.body.token}&filename=other.exe`);
    expect(renamed.headers.get('content-disposition')).toContain('Quarterly');

    const clock = manualClock(Date.now());
    const real = suite.server.app.clock;
    suite.server.app.clock = clock;
    try {
      clock.advance(599_000);
      expect((await gateway(`/ipfs/${file.cid}?token=${created.body.token}`)).status).toBe(200);
      clock.advance(2_000);
      const expired = await gateway(`/ipfs/${file.cid}?token=${created.body.token}`);
      expect(expired.status).toBe(410);
      expect(expired.headers.get('cache-control')).toBe('no-store');
      expect(((await expired.json()) as { code: string }).code).toBe('access_link_expired');
      const live = await suite.server.api.get(`/api/v2/files/${file.uploadId}/links`, { token: owner.token });
      expect(live.body.links).toEqual([]);
    } finally {
      suite.server.app.clock = real;
    }
  });

  it('refuses forged, altered, misplaced and revoked tokens', async () => {
    const file = await uploadFile(suite.server, owner, 'forged.bin', bytesOf(5), '?private=true');
    const elsewhere = await uploadFile(suite.server, owner, 'elsewhere.bin', bytesOf(6), '?private=true');
    const { token, id } = (await link(file.uploadId, { expiresIn: 3600 })).body;
    const [linkId, expiry, mac] = token.split('.');
    const flipped = `${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`;
    const attempts = [
      `${linkId}.${expiry}.${flipped}`,
      `${linkId}.${Number(expiry) + 86_400_000}.${mac}`,
      `${crypto.randomUUID()}.${expiry}.${mac}`,
      'not-a-token',
      `${token}x`,
    ];
    for (const attempt of attempts) {
      const res = await gateway(`/ipfs/${file.cid}?token=${encodeURIComponent(attempt)}`);
      expect(res.status, attempt).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('access_link_invalid');
    }
    // The path prefix: a valid token for one CID opens no other.
    expect((await gateway(`/ipfs/${elsewhere.cid}?token=${token}`)).status).toBe(403);
    expect((await gateway(`/ipfs/${file.cid}?token=${token}`)).status).toBe(200);

    const listed = await suite.server.api.get(`/api/v2/files/${file.uploadId}/links`, { token: owner.token });
    expect(listed.body.links.map((l: { id: string }) => l.id)).toEqual([id]);
    expect((await suite.server.api.delete(`/api/v2/files/${file.uploadId}/links/${id}`, { token: other.token })).status).toBe(404);
    expect((await suite.server.api.delete(`/api/v2/files/${file.uploadId}/links/${id}`, { token: owner.token })).status).toBe(204);
    expect((await suite.server.api.delete(`/api/v2/files/${file.uploadId}/links/${id}`, { token: owner.token })).body.code).toBe(
      'link_not_found',
    );
    expect((await gateway(`/ipfs/${file.cid}?token=${token}`)).status).toBe(403);
  });

  it('serves a single-use link exactly once under concurrent requests', async () => {
    const file = await uploadFile(suite.server, owner, 'once.bin', bytesOf(7), '?private=true');
    const { token } = (await link(file.uploadId, { expiresIn: 600, singleUse: true })).body;
    const answers = await Promise.all(Array.from({ length: 8 }, () => gateway(`/ipfs/${file.cid}?token=${token}`)));
    const statuses = answers.map((res) => res.status).sort();
    await Promise.all(answers.map((res) => res.arrayBuffer()));
    expect(statuses).toEqual([200, 410, 410, 410, 410, 410, 410, 410]);
  });

  it('lets nobody else take a private file from this node by its CID: no pin of it, no CAR that links to it', async () => {
    const file = await uploadFile(suite.server, owner, 'taken.bin', bytesOf(9), '?private=true');
    // Local content settles within the request: the pin fails as content found nowhere.
    const pinned = await suite.server.api.post('/api/v2/pins', { cid: file.cid }, { token: other.token });
    expect(pinned.status).toBe(404);
    expect(pinned.body.code).toBe('cid_not_found');
    expect(await suite.server.app.stores.uploads.findByCidForUser(other.id, file.cid)).toBeUndefined();
    expect((await gateway(`/ipfs/${file.cid}`)).status).toBe(404);

    // A folder of one's own that links to the private file, sent without the file's blocks.
    const wrapper = await unixfsDirectory([{ name: 'stolen.bin', cid: CID.parse(file.cid), size: 600 * 1024 }]);
    const car = await carBytes([wrapper.cid], [wrapper]);
    const res = await suite.server.api.request('POST', '/api/v2/upload/car', {
      token: other.token,
      body: car,
      headers: { 'content-type': 'application/vnd.ipld.car' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('car_incomplete');
    expect((await gateway(`/ipfs/${wrapper.cid}/stolen.bin`)).status).toBe(404);

    // Its owner can: the same CAR is complete for them.
    const own = await suite.server.api.request('POST', '/api/v2/upload/car', {
      token: owner.token,
      body: car,
      headers: { 'content-type': 'application/vnd.ipld.car' },
    });
    expect(own.status).toBe(201);
  });

  it('lets anyone pin a public DAG by its CID, though it shares blocks with someone else’s private file', async () => {
    const secret = await uploadFile(suite.server, owner, 'mine.bin', bytesOf(11), '?private=true');
    const sharer = await createUser(suite.server);
    const folder = await suite.server.api.request('POST', '/api/v2/upload/directory', {
      token: sharer.token,
      body: fileForm([{ name: 'site/same.bin', content: bytesOf(11) }]),
    });
    expect(folder.status, folder.text).toBe(201);
    expect((await gateway(`/ipfs/${folder.body.cid}/same.bin`)).status).toBe(200);
    // The private file's own CID stays refused; the public folder holding the same bytes is pinned.
    expect((await gateway(`/ipfs/${secret.cid}`)).status).toBe(404);
    const pinned = await suite.server.api.post('/api/v2/pins', { cid: folder.body.cid }, { token: other.token });
    expect(pinned.status, pinned.text).toBe(201);
    expect(await suite.server.app.stores.uploads.findByCidForUser(other.id, folder.body.cid)).toBeDefined();
  });

  it('bounds what a link may ask for, and kills the links of a deleted record', async () => {
    const file = await uploadFile(suite.server, owner, 'bounds.bin', bytesOf(8), '?private=true');
    for (const body of [
      { expiresIn: 0 },
      { expiresIn: 2_592_001 },
      { expiresIn: 1.5 },
      {},
      { expiresIn: 60, downloadName: 'x'.repeat(256) },
    ]) {
      expect((await link(file.uploadId, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await link(file.uploadId, { expiresIn: 2_592_000 })).status).toBe(201);
    expect((await link(file.uploadId, { expiresIn: 60 }, other)).status).toBe(404);
    const { token } = (await link(file.uploadId, { expiresIn: 600 })).body;
    expect((await suite.server.api.delete(`/api/v2/uploads/${file.uploadId}`, { token: owner.token })).status).toBe(200);
    expect([403, 404]).toContain((await gateway(`/ipfs/${file.cid}?token=${token}`)).status);
    expect(await suite.server.app.stores.accessLinks.countLive(file.uploadId, Date.now())).toBe(0);
  });
});

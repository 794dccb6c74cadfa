import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, fileForm, setStorageLimit, uploadFile, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { createS3Key, s3Client, s3Path, xmlText, xmlTexts, type S3Client } from '../../../test/s3-client';
import { MIN_PART_BYTES, PART_MIN_CHARGE } from './limits';
import { partsDir } from './part-files';
import { pruneExpiredMultipart } from './prune';

const S3_ON = { s3: { port: 0, hostName: null, region: 'us-east-1' } };
const md5 = (bytes: Buffer) => crypto.createHash('md5').update(bytes).digest();
const quoted = (digest: Buffer) => `"${digest.toString('hex')}"`;
const multipartEtag = (parts: Buffer[]) => `"${md5(Buffer.concat(parts.map(md5))).toString('hex')}-${parts.length}"`;
const completeBody = (parts: [number, string][]) =>
  `<CompleteMultipartUpload>${parts.map(([n, etag]) => `<Part><PartNumber>${n}</PartNumber><ETag>${etag}</ETag></Part>`).join('')}</CompleteMultipartUpload>`;

/** The multipart operations as an S3 SDK sends them. */
function multipart(s3: S3Client, bucket: string) {
  return {
    async create(key: string, headers: Record<string, string> = {}): Promise<string> {
      const res = await s3.send('POST', s3Path(bucket, key), { query: 'uploads=', headers });
      expect(res.status, res.text).toBe(200);
      expect(xmlText(res.text, 'Bucket')).toBe(bucket);
      expect(xmlText(res.text, 'Key')).toBe(key);
      return xmlText(res.text, 'UploadId')!;
    },
    part: (key: string, uploadId: string, n: number | string, body: Buffer) =>
      s3.send('PUT', s3Path(bucket, key), { query: `partNumber=${n}&uploadId=${uploadId}`, body }),
    complete: (key: string, uploadId: string, body: string) =>
      s3.send('POST', s3Path(bucket, key), { query: `uploadId=${uploadId}`, body }),
    abort: (key: string, uploadId: string) => s3.send('DELETE', s3Path(bucket, key), { query: `uploadId=${uploadId}` }),
    list: (key: string, uploadId: string, query = '') =>
      s3.send('GET', s3Path(bucket, key), { query: `${query ? `${query}&` : ''}uploadId=${uploadId}` }),
    uploads: (query = '') => s3.send('GET', s3Path(bucket), { query: query ? `${query}&uploads=` : 'uploads=' }),
  };
}

describe.each(DRIVERS)('S3 API: multipart uploads (%s)', (driver) => {
  let server: TestServer;
  let user: TestUser;
  let s3: S3Client;
  let mp: ReturnType<typeof multipart>;
  beforeAll(async () => {
    server = await startTestServer({ driver, config: S3_ON });
    user = await createUser(server);
    s3 = s3Client(server.s3Url!, await createS3Key(server, user));
    expect((await s3.send('PUT', '/big')).status).toBe(200);
    mp = multipart(s3, 'big');
  });
  afterAll(() => server.close());

  const account = async (who: TestUser = user) => (await server.app.stores.users.findById(who.id))!;
  const reserved = async (who: TestUser = user) => Number((await account(who)).storage_reserved);
  const used = async (who: TestUser = user) => Number((await account(who)).storage_used);
  const uploadDir = (uploadId: string) => path.join(partsDir(server.app), uploadId);

  it('assembles three parts into one object with the CID of a plain upload, its metadata, and S3 multipart ETag', async () => {
    const parts = [crypto.randomBytes(MIN_PART_BYTES), crypto.randomBytes(MIN_PART_BYTES + 1234), crypto.randomBytes(70_000)];
    const whole = Buffer.concat(parts);
    const key = 'videos/trip 2026.bin';
    const uploadId = await mp.create(key, { 'Content-Type': 'video/x-trip', 'x-amz-meta-camera': 'nikon' });
    expect(uploadId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const usedBefore = await used();
    for (const [i, bytes] of parts.entries()) {
      const res = await mp.part(key, uploadId, i + 1, bytes);
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('etag')).toBe(quoted(md5(bytes)));
    }
    // Pending parts count against the quota (reserved) and sit on disk.
    expect(await reserved()).toBe(whole.length);
    expect(fs.readdirSync(uploadDir(uploadId))).toHaveLength(3);

    const listed = await mp.list(key, uploadId);
    expect(listed.status).toBe(200);
    expect(xmlTexts(listed.text, 'PartNumber')).toEqual(['1', '2', '3']);
    expect(xmlTexts(listed.text, 'Size')).toEqual(parts.map((p) => String(p.length)));
    expect(xmlText(listed.text, 'IsTruncated')).toBe('false');

    const done = await mp.complete(key, uploadId, completeBody(parts.map((bytes, i) => [i + 1, quoted(md5(bytes))])));
    expect(done.status, done.text).toBe(200);
    expect(xmlText(done.text, 'ETag')).toBe(multipartEtag(parts).replace(/"/g, '&quot;'));
    expect(xmlText(done.text, 'Key')).toBe(key);
    expect(xmlText(done.text, 'Bucket')).toBe('big');

    const got = await s3.send('GET', s3Path('big', key));
    expect(got.status).toBe(200);
    expect(got.bytes.equals(whole)).toBe(true);
    expect(got.headers.get('etag')).toBe(multipartEtag(parts));
    expect(got.headers.get('content-type')).toBe('video/x-trip');
    expect(got.headers.get('x-amz-meta-camera')).toBe('nikon');
    const plain = await uploadFile(server, await createUser(server), 'same.bin', whole);
    expect(got.headers.get('x-amz-meta-cid')).toBe(plain.cid);

    // The record holds the bytes: charged once, nothing reserved, no part left.
    expect((await used()) - usedBefore).toBe(whole.length);
    expect(await reserved()).toBe(0);
    expect(fs.existsSync(uploadDir(uploadId))).toBe(false);
    expect(xmlText((await mp.list(key, uploadId)).text, 'Code')).toBe('NoSuchUpload');
    // Completing again: the upload is gone.
    const again = await mp.complete(key, uploadId, completeBody(parts.map((bytes, i) => [i + 1, quoted(md5(bytes))])));
    expect(again.status).toBe(404);
    expect(xmlText(again.text, 'Code')).toBe('NoSuchUpload');
  }, 60_000);

  it('replaces a part sent again; refuses a Complete with an old ETag, the wrong order, a small part or junk, and keeps the upload', async () => {
    const key = 'replaced.bin';
    const uploadId = await mp.create(key);
    const first = crypto.randomBytes(MIN_PART_BYTES);
    const second = crypto.randomBytes(MIN_PART_BYTES);
    const tail = crypto.randomBytes(1000);
    await mp.part(key, uploadId, 1, first);
    expect((await mp.part(key, uploadId, 1, second)).headers.get('etag')).toBe(quoted(md5(second)));
    await mp.part(key, uploadId, 2, tail);
    expect(xmlTexts((await mp.list(key, uploadId)).text, 'ETag')).toEqual(
      [quoted(md5(second)), quoted(md5(tail))].map((e) => e.replace(/"/g, '&quot;')),
    );
    expect(await reserved()).toBe(second.length + PART_MIN_CHARGE);
    expect(fs.readdirSync(uploadDir(uploadId))).toHaveLength(2);

    const codeOf = async (body: string) => {
      const res = await mp.complete(key, uploadId, body);
      expect(res.status).toBe(400);
      return xmlText(res.text, 'Code');
    };
    expect(
      await codeOf(
        completeBody([
          [1, quoted(md5(first))],
          [2, quoted(md5(tail))],
        ]),
      ),
    ).toBe('InvalidPart');
    expect(
      await codeOf(
        completeBody([
          [1, quoted(md5(second))],
          [3, quoted(md5(tail))],
        ]),
      ),
    ).toBe('InvalidPart');
    expect(
      await codeOf(
        completeBody([
          [2, quoted(md5(tail))],
          [1, quoted(md5(second))],
        ]),
      ),
    ).toBe('InvalidPartOrder');
    expect(
      await codeOf(
        completeBody([
          [2, quoted(md5(tail))],
          [3, quoted(md5(tail))],
        ]),
      ),
    ).toBe('InvalidPart');
    expect(await codeOf('<CompleteMultipartUpload><Part>')).toBe('MalformedXML');
    expect(await codeOf('<CompleteMultipartUpload></CompleteMultipartUpload>')).toBe('MalformedXML');

    const small = 'small.bin';
    const smallId = await mp.create(small);
    await mp.part(small, smallId, 1, tail);
    await mp.part(small, smallId, 2, tail);
    const tooSmall = await mp.complete(
      small,
      smallId,
      completeBody([
        [1, quoted(md5(tail))],
        [2, quoted(md5(tail))],
      ]),
    );
    expect(xmlText(tooSmall.text, 'Code')).toBe('EntityTooSmall');
    expect((await mp.abort(small, smallId)).status).toBe(204);

    // Unlisted parts (none here) and the refused Completes left the upload whole: it completes now, without the old bytes.
    const done = await mp.complete(
      key,
      uploadId,
      completeBody([
        [1, md5(second).toString('hex')],
        [2, quoted(md5(tail))],
      ]),
    );
    expect(done.status, done.text).toBe(200);
    expect((await s3.send('GET', s3Path('big', key))).bytes.equals(Buffer.concat([second, tail]))).toBe(true);
    expect(await reserved()).toBe(0);
  }, 60_000);

  it('refuses bad part numbers and unknown, foreign or mismatched upload ids with S3 codes', async () => {
    const key = 'ids.bin';
    const uploadId = await mp.create(key);
    for (const n of ['0', '10001', 'x', '-1']) {
      const res = await mp.part(key, uploadId, n, Buffer.from('a'));
      expect(res.status, n).toBe(400);
      expect(xmlText(res.text, 'Code')).toBe('InvalidArgument');
    }
    // A refused part is read to its end first (when small), so that the client sending it reads the answer.
    const unknown = await mp.part(key, 'B'.repeat(32), 1, crypto.randomBytes(MIN_PART_BYTES));
    expect(xmlText(unknown.text, 'Code')).toBe('NoSuchUpload');
    for (const id of ['nope', 'A'.repeat(32)]) {
      expect(xmlText((await mp.part(key, id, 1, Buffer.from('a'))).text, 'Code')).toBe('NoSuchUpload');
      expect(xmlText((await mp.abort(key, id)).text, 'Code')).toBe('NoSuchUpload');
    }
    // The upload belongs to its key.
    expect(xmlText((await mp.part('other-key', uploadId, 1, Buffer.from('a'))).text, 'Code')).toBe('NoSuchUpload');

    // Another account, with a bucket and key of the same names, cannot touch it.
    const other = await createUser(server);
    const theirs = s3Client(server.s3Url!, await createS3Key(server, other));
    expect((await theirs.send('PUT', '/big')).status).toBe(200);
    const them = multipart(theirs, 'big');
    for (const res of [
      await them.part(key, uploadId, 1, Buffer.from('a')),
      await them.list(key, uploadId),
      await them.abort(key, uploadId),
      await them.complete(key, uploadId, completeBody([[1, '"x"']])),
    ]) {
      expect(res.status).toBe(404);
      expect(xmlText(res.text, 'Code')).toBe('NoSuchUpload');
    }
    expect(xmlText((await them.uploads()).text, 'UploadId')).toBeUndefined();
    expect((await mp.list(key, uploadId)).status).toBe(200);
    expect((await mp.abort(key, uploadId)).status).toBe(204);
  });

  it('charges pending parts: an upload that would not fit beside them is refused, a part that does not fit is QuotaExceeded', async () => {
    const tight = await createUser(server);
    await setStorageLimit(server, tight, 8 * 1024 * 1024);
    const client = s3Client(server.s3Url!, await createS3Key(server, tight));
    expect((await client.send('PUT', '/tight')).status).toBe(200);
    const parts = multipart(client, 'tight');
    const uploadId = await parts.create('a.bin');
    expect((await parts.part('a.bin', uploadId, 1, crypto.randomBytes(MIN_PART_BYTES))).status).toBe(200);
    expect(await reserved(tight)).toBe(MIN_PART_BYTES);

    // 4 MiB fit the plan's 8 MiB, but not beside the 5 MiB part waiting.
    const plain = await server.api.request('POST', '/api/v2/upload', {
      token: tight.token,
      body: fileForm([{ name: 'plain.bin', content: crypto.randomBytes(4 * 1024 * 1024) }]),
    });
    expect(plain.status).toBe(403);
    const refused = await parts.part('a.bin', uploadId, 2, crypto.randomBytes(MIN_PART_BYTES));
    expect(refused.status).toBe(403);
    expect(xmlText(refused.text, 'Code')).toBe('QuotaExceeded');
    expect(xmlTexts((await parts.list('a.bin', uploadId)).text, 'PartNumber')).toEqual(['1']);
    expect(await reserved(tight)).toBe(MIN_PART_BYTES);
    expect(fs.readdirSync(uploadDir(uploadId))).toHaveLength(1);

    // Abort gives it all back: quota, rows and files.
    expect((await parts.abort('a.bin', uploadId)).status).toBe(204);
    expect(await reserved(tight)).toBe(0);
    expect(fs.existsSync(uploadDir(uploadId))).toBe(false);
    expect(xmlText((await parts.abort('a.bin', uploadId)).text, 'Code')).toBe('NoSuchUpload');
    expect((await parts.list('a.bin', uploadId)).status).toBe(404);
  });

  it('aborts uploads past their expiry, with their quota and files', async () => {
    const key = 'expiring.bin';
    const uploadId = await mp.create(key);
    await mp.part(key, uploadId, 1, crypto.randomBytes(100_000));
    expect(await reserved()).toBe(100_000);
    // Not yet expired: the prune leaves it.
    await pruneExpiredMultipart(server.app);
    expect((await mp.list(key, uploadId)).status).toBe(200);
    expect(await pruneExpiredMultipart(server.app, Date.now() + 25 * 3600_000)).toBe(1);
    expect(xmlText((await mp.list(key, uploadId)).text, 'Code')).toBe('NoSuchUpload');
    expect(await reserved()).toBe(0);
    expect(fs.existsSync(uploadDir(uploadId))).toBe(false);
  });

  it('makes one object of two Completes sent at once; the other is told NoSuchUpload', async () => {
    const key = 'raced.bin';
    const uploadId = await mp.create(key);
    const parts = [crypto.randomBytes(MIN_PART_BYTES), crypto.randomBytes(300_000)];
    for (const [i, bytes] of parts.entries()) await mp.part(key, uploadId, i + 1, bytes);
    const usedBefore = await used();
    const body = completeBody(parts.map((bytes, i) => [i + 1, quoted(md5(bytes))]));
    const answers = await Promise.all([mp.complete(key, uploadId, body), mp.complete(key, uploadId, body)]);
    const codes = answers.map((res) => xmlText(res.text, 'Code') ?? String(res.status)).sort();
    expect(codes).toEqual(['200', 'NoSuchUpload']);
    const objects = await server.app.db.selectFrom('s3_objects').selectAll().where('key', '=', key).execute();
    expect(objects).toHaveLength(1);
    expect(objects[0]!.etag).toBe(multipartEtag(parts));
    expect((await used()) - usedBefore).toBe(parts[0]!.length + parts[1]!.length);
    expect(await reserved()).toBe(0);
  }, 60_000);

  it('pages ListParts by max-parts and part-number-marker', async () => {
    const key = 'paged.bin';
    const uploadId = await mp.create(key);
    for (const n of [1, 2, 5]) await mp.part(key, uploadId, n, Buffer.from(`part ${n}`));
    const first = await mp.list(key, uploadId, 'max-parts=2');
    expect(xmlTexts(first.text, 'PartNumber')).toEqual(['1', '2']);
    expect(xmlText(first.text, 'IsTruncated')).toBe('true');
    expect(xmlText(first.text, 'NextPartNumberMarker')).toBe('2');
    expect(xmlText(first.text, 'MaxParts')).toBe('2');
    const rest = await mp.list(key, uploadId, 'max-parts=2&part-number-marker=2');
    expect(xmlTexts(rest.text, 'PartNumber')).toEqual(['5']);
    expect(xmlText(rest.text, 'IsTruncated')).toBe('false');
    expect(xmlText((await mp.list(key, uploadId, 'max-parts=-1')).text, 'Code')).toBe('InvalidArgument');
    expect((await mp.abort(key, uploadId)).status).toBe(204);
  });

  it('holds an upload a Complete is importing: parts and Abort are refused, the expiry waits; a dead Complete lapses and a retry completes', async () => {
    const key = 'held.bin';
    const uploadId = await mp.create(key);
    const bytes = crypto.randomBytes(10_000);
    await mp.part(key, uploadId, 1, bytes);
    const lease = { name: `s3-complete:${uploadId}`, owner: 'another-complete', expires_at: new Date(Date.now() + 3600_000).toISOString() };
    await server.app.db.insertInto('leases').values(lease).execute();

    const part = await mp.part(key, uploadId, 2, Buffer.from('late'));
    expect(part.status).toBe(409);
    expect(xmlText(part.text, 'Code')).toBe('OperationAborted');
    expect(xmlText((await mp.abort(key, uploadId)).text, 'Code')).toBe('OperationAborted');
    expect(await pruneExpiredMultipart(server.app, Date.now() + 25 * 3600_000)).toBe(0);
    expect(xmlTexts((await mp.list(key, uploadId)).text, 'PartNumber')).toEqual(['1']);
    expect(await reserved()).toBe(bytes.length);

    // That Complete's process died: its lease lapses, and the client's retry completes the upload.
    await server.app.db
      .updateTable('leases')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('name', '=', lease.name)
      .execute();
    const done = await mp.complete(key, uploadId, completeBody([[1, quoted(md5(bytes))]]));
    expect(done.status, done.text).toBe(200);
    expect((await s3.send('GET', s3Path('big', key))).bytes.equals(bytes)).toBe(true);
    expect(await reserved()).toBe(0);
    expect(await server.app.db.selectFrom('leases').selectAll().where('name', '=', lease.name).execute()).toEqual([]);
  });

  it('charges nothing more for a Complete of bytes the account holds already (as a retry after a crash finds them)', async () => {
    const bytes = crypto.randomBytes(MIN_PART_BYTES + 5000);
    const plain = await uploadFile(server, user, 'held-already.bin', bytes);
    const usedBefore = await used();
    const key = 'again.bin';
    const uploadId = await mp.create(key);
    await mp.part(key, uploadId, 1, bytes.subarray(0, MIN_PART_BYTES));
    await mp.part(key, uploadId, 2, bytes.subarray(MIN_PART_BYTES));
    const done = await mp.complete(
      key,
      uploadId,
      completeBody([
        [1, quoted(md5(bytes.subarray(0, MIN_PART_BYTES)))],
        [2, quoted(md5(bytes.subarray(MIN_PART_BYTES)))],
      ]),
    );
    expect(done.status, done.text).toBe(200);
    const head = await s3.send('HEAD', s3Path('big', key));
    expect(head.headers.get('x-amz-meta-cid')).toBe(plain.cid);
    expect(await used()).toBe(usedBefore);
    expect(await reserved()).toBe(0);
  }, 60_000);

  it('lists uploads in progress by key, with prefix, delimiter and pages', async () => {
    const keys = ['logs/a.txt', 'logs/b.txt', 'photos/2026/x.jpg', 'photos/y.jpg', 'readme.md', 'readme.md'];
    const ids: string[] = [];
    for (const key of keys) ids.push(await mp.create(key));

    const all = await mp.uploads();
    expect(all.status).toBe(200);
    expect(xmlTexts(all.text, 'Key')).toEqual(keys);
    // Two uploads of one key come in the order they began (ids break a tie within a millisecond).
    const order = xmlTexts(all.text, 'UploadId');
    expect([...order].sort()).toEqual([...ids].sort());
    expect(order.slice(0, 4)).toEqual(ids.slice(0, 4));
    expect(xmlText(all.text, 'IsTruncated')).toBe('false');

    const folded = await mp.uploads('delimiter=%2F');
    expect(xmlTexts(folded.text, 'Key')).toEqual(['readme.md', 'readme.md']);
    expect(xmlTexts(folded.text, 'Prefix').filter(Boolean)).toEqual(['logs/', 'photos/']);

    const photos = await mp.uploads('delimiter=%2F&prefix=photos%2F');
    expect(xmlTexts(photos.text, 'Key')).toEqual(['photos/y.jpg']);
    expect(xmlTexts(photos.text, 'Prefix')).toEqual(['photos/', 'photos/2026/']);

    // Pages of two, by key and upload id markers, then by a common prefix as the marker.
    const seen: string[] = [];
    let query = 'max-uploads=2';
    for (let page = 0; page < 5; page++) {
      const res = await mp.uploads(query);
      seen.push(...xmlTexts(res.text, 'UploadId'));
      if (xmlText(res.text, 'IsTruncated') !== 'true') break;
      query = `max-uploads=2&key-marker=${encodeURIComponent(xmlText(res.text, 'NextKeyMarker')!)}&upload-id-marker=${xmlText(res.text, 'NextUploadIdMarker')}`;
    }
    expect(seen).toEqual(order);
    const afterLogs = await mp.uploads('delimiter=%2F&key-marker=logs%2F');
    expect(xmlTexts(afterLogs.text, 'Prefix').filter(Boolean)).toEqual(['photos/']);

    expect(xmlText((await mp.uploads('max-uploads=x')).text, 'Code')).toBe('InvalidArgument');
    for (const [i, key] of keys.entries()) expect((await mp.abort(key, ids[i]!)).status).toBe(204);
  });
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, setStorageLimit, uploadFile, type TestUser } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { createS3Key, s3Client, s3Path, xmlText, xmlTexts, type S3Client } from '../../test/s3-client';

const S3_ON = { s3: { port: 0, hostName: null, region: 'us-east-1' } };
const md5 = (bytes: Buffer | string) => `"${crypto.createHash('md5').update(bytes).digest('hex')}"`;

describe.each(DRIVERS)('S3 API: buckets and objects (%s)', (driver) => {
  let server: TestServer;
  let user: TestUser;
  let s3: S3Client;
  beforeAll(async () => {
    server = await startTestServer({ driver, config: S3_ON });
    user = await createUser(server);
    s3 = s3Client(server.s3Url!, await createS3Key(server, user));
  });
  afterAll(() => server.close());

  const usage = async (who = user) => (await server.api.get('/api/v2/users/me/usage', { token: who.token })).body.used as number;

  it('creates, lists, heads and deletes buckets; names follow S3 rules and stay within the account', async () => {
    expect((await s3.send('PUT', '/photos')).status).toBe(200);
    const again = await s3.send('PUT', '/photos');
    expect(again.status).toBe(409);
    expect(xmlText(again.text, 'Code')).toBe('BucketAlreadyOwnedByYou');
    expect(xmlText(again.text, 'RequestId')).toBe(again.headers.get('x-amz-request-id'));
    for (const bad of ['ab', 'Upper', 'a..b', '192.168.1.1', '-dash', 'x'.repeat(64)]) {
      const res = await s3.send('PUT', `/${bad}`);
      expect(xmlText(res.text, 'Code'), bad).toBe('InvalidBucketName');
    }
    const list = await s3.send('GET', '/');
    expect(list.status).toBe(200);
    expect(xmlTexts(list.text, 'Name')).toEqual(['photos']);
    expect((await s3.send('HEAD', '/photos')).status).toBe(200);
    expect((await s3.send('HEAD', '/nothing-here')).status).toBe(404);

    // The bucket is a group of the account, seen by the API.
    const groups = await server.api.get('/api/v2/groups', { token: user.token });
    expect(groups.body.groups.map((g: { name: string }) => g.name)).toContain('photos');

    // Another account has its own namespace: the same name is free there, and this bucket unseen.
    const other = await createUser(server);
    const theirs = s3Client(server.s3Url!, await createS3Key(server, other));
    expect(xmlText((await theirs.send('GET', '/photos?list-type=2')).text, 'Code')).toBe('NoSuchBucket');
    expect((await theirs.send('PUT', '/photos')).status).toBe(200);

    expect((await s3.send('DELETE', '/photos')).status).toBe(204);
    expect((await s3.send('HEAD', '/photos')).status).toBe(404);
  });

  it('puts, gets (with ranges and conditions), heads, copies and deletes objects as records of the account', async () => {
    expect((await s3.send('PUT', '/docs')).status).toBe(200);
    const bytes = crypto.randomBytes(300_000);
    const before = await usage();
    const put = await s3.send('PUT', s3Path('docs', 'reports/2026 q1.bin'), {
      body: bytes,
      headers: { 'Content-Type': 'application/x-report', 'x-amz-meta-owner': 'ada' },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.headers.get('etag')).toBe(md5(bytes));
    const cid = put.headers.get('x-amz-meta-cid')!;
    expect(cid).toMatch(/^bafy/);
    expect((await usage()) - before).toBe(bytes.length);

    // The same CID as a plain upload of the same bytes, and served by the gateway.
    const plain = await uploadFile(server, await createUser(server), 'same.bin', bytes);
    expect(plain.cid).toBe(cid);
    expect(Buffer.from(await (await fetch(`${server.url}/ipfs/${cid}`)).arrayBuffer()).equals(bytes)).toBe(true);

    const got = await s3.send('GET', s3Path('docs', 'reports/2026 q1.bin'));
    expect(got.status).toBe(200);
    expect(got.bytes.equals(bytes)).toBe(true);
    expect(got.headers.get('content-type')).toBe('application/x-report');
    expect(got.headers.get('x-amz-meta-owner')).toBe('ada');
    expect(got.headers.get('etag')).toBe(md5(bytes));

    const range = await s3.send('GET', s3Path('docs', 'reports/2026 q1.bin'), { headers: { Range: 'bytes=1000-1999' } });
    expect(range.status).toBe(206);
    expect(range.bytes.equals(bytes.subarray(1000, 2000))).toBe(true);
    const outside = await s3.send('GET', s3Path('docs', 'reports/2026 q1.bin'), { headers: { Range: 'bytes=400000-' } });
    expect(outside.status).toBe(416);
    expect(xmlText(outside.text, 'Code')).toBe('InvalidRange');
    expect((await s3.send('GET', s3Path('docs', 'reports/2026 q1.bin'), { headers: { 'If-None-Match': md5(bytes) } })).status).toBe(304);
    const mismatch = await s3.send('GET', s3Path('docs', 'reports/2026 q1.bin'), { headers: { 'If-Match': '"0000"' } });
    expect(mismatch.status).toBe(412);
    expect(xmlText(mismatch.text, 'Code')).toBe('PreconditionFailed');

    const head = await s3.send('HEAD', s3Path('docs', 'reports/2026 q1.bin'));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect(head.headers.get('x-amz-meta-cid')).toBe(cid);
    const missing = await s3.send('GET', s3Path('docs', 'nope'));
    expect(missing.status).toBe(404);
    expect(xmlText(missing.text, 'Code')).toBe('NoSuchKey');

    // A copy names the same record: no byte moves, nothing more is charged.
    const charged = await usage();
    const copy = await s3.send('PUT', s3Path('docs', 'copy.bin'), { headers: { 'x-amz-copy-source': '/docs/reports/2026%20q1.bin' } });
    expect(copy.status, copy.text).toBe(200);
    expect(xmlText(copy.text, 'ETag')).toBe(md5(bytes).replace(/"/g, '&quot;'));
    expect(await usage()).toBe(charged);
    expect((await s3.send('GET', s3Path('docs', 'copy.bin'))).bytes.equals(bytes)).toBe(true);

    // The record goes (and its charge) only with its last key.
    expect((await s3.send('DELETE', s3Path('docs', 'reports/2026 q1.bin'))).status).toBe(204);
    expect(await usage()).toBe(charged);
    expect((await s3.send('DELETE', s3Path('docs', 'copy.bin'))).status).toBe(204);
    expect(await usage()).toBe(before);
    expect((await s3.send('DELETE', s3Path('docs', 'copy.bin'))).status).toBe(204);
    expect((await s3.send('DELETE', '/docs')).status).toBe(204);
  });

  it('an overwritten key lets its old record go; a record the account held before stays', async () => {
    await s3.send('PUT', '/over');
    const first = crypto.randomBytes(5000);
    const second = crypto.randomBytes(7000);
    const start = await usage();
    await s3.send('PUT', s3Path('over', 'a.bin'), { body: first });
    await s3.send('PUT', s3Path('over', 'a.bin'), { body: second });
    expect((await usage()) - start).toBe(second.length);
    expect((await s3.send('GET', s3Path('over', 'a.bin'))).bytes.equals(second)).toBe(true);
    // The new record takes the key's name once the old one has gone.
    const named = await server.api.get('/api/v2/users/me/uploads?name=a.bin', { token: user.token });
    expect(named.body.files.map((f: { name: string }) => f.name)).toEqual(['a.bin']);

    const held = crypto.randomBytes(4000);
    const uploaded = await uploadFile(server, user, 'held.bin', held);
    await s3.send('PUT', s3Path('over', 'held.bin'), { body: held });
    await s3.send('DELETE', s3Path('over', 'held.bin'));
    expect((await server.api.get(`/api/v2/uploads/${uploaded.uploadId}`, { token: user.token })).status).toBe(200);

    const notEmpty = await s3.send('DELETE', '/over');
    expect(xmlText(notEmpty.text, 'Code')).toBe('BucketNotEmpty');
    await s3.send('DELETE', s3Path('over', 'a.bin'));
    expect((await s3.send('DELETE', '/over')).status).toBe(204);
  });

  it('ten puts of one key at once leave one object, and usage is what it holds', async () => {
    await s3.send('PUT', '/race');
    const start = await usage();
    const bodies = Array.from({ length: 10 }, (_, i) => crypto.randomBytes(10_000 + i));
    const puts = await Promise.all(bodies.map((body) => s3.send('PUT', s3Path('race', 'same.bin'), { body })));
    expect(puts.map((res) => res.status)).toEqual(Array(10).fill(200));
    const kept = await s3.send('GET', s3Path('race', 'same.bin'));
    expect(bodies.some((body) => body.equals(kept.bytes))).toBe(true);
    expect((await usage()) - start).toBe(kept.bytes.length);
    expect(xmlText((await s3.send('GET', '/race', { query: 'list-type=2' })).text, 'KeyCount')).toBe('1');
    await s3.send('DELETE', s3Path('race', 'same.bin'));
    expect(await usage()).toBe(start);
  });

  it('lists keys with prefixes, delimiters, pages and continuation tokens, in byte order', async () => {
    await s3.send('PUT', '/tree');
    const keys = ['a.txt', 'b/1.txt', 'b/2.txt', 'b/c/3.txt', 'c d.txt', 'B.txt', 'é.txt', 'b+plus.txt'];
    for (const key of keys) expect((await s3.send('PUT', s3Path('tree', key), { body: key })).status).toBe(200);

    const all = await s3.send('GET', '/tree', { query: 'list-type=2' });
    expect(xmlTexts(all.text, 'Key')).toEqual([...keys].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y))));
    expect(xmlText(all.text, 'KeyCount')).toBe(String(keys.length));

    const top = await s3.send('GET', '/tree', { query: 'delimiter=%2F&list-type=2' });
    expect(xmlTexts(top.text, 'Key')).toEqual(['B.txt', 'a.txt', 'b+plus.txt', 'c d.txt', 'é.txt']);
    expect(xmlTexts(top.text, 'Prefix').slice(1)).toEqual(['b/']);

    const inB = await s3.send('GET', '/tree', { query: 'delimiter=%2F&list-type=2&prefix=b%2F' });
    expect(xmlTexts(inB.text, 'Key')).toEqual(['b/1.txt', 'b/2.txt']);
    expect(xmlTexts(inB.text, 'Prefix')).toEqual(['b/', 'b/c/']);

    // Pages of two: every key once, in order, then the end.
    const seen: string[] = [];
    let token: string | undefined;
    for (let page = 0; page < 10; page++) {
      const query = `list-type=2&max-keys=2${token ? `&continuation-token=${encodeURIComponent(token)}` : ''}`;
      const res = await s3.send('GET', '/tree', { query });
      seen.push(...xmlTexts(res.text, 'Key'));
      token = xmlText(res.text, 'NextContinuationToken');
      if (xmlText(res.text, 'IsTruncated') === 'false') break;
    }
    expect(seen).toEqual(xmlTexts(all.text, 'Key'));

    // Version 1 with a marker, and url encoding as SDKs ask for it.
    const v1 = await s3.send('GET', '/tree', { query: 'marker=b%2F2.txt' });
    expect(xmlTexts(v1.text, 'Key')[0]).toBe('b/c/3.txt');
    const encoded = await s3.send('GET', '/tree', { query: 'encoding-type=url&list-type=2&prefix=c' });
    expect(xmlTexts(encoded.text, 'Key')).toEqual(['c%20d.txt']);

    const bad = await s3.send('GET', '/tree', { query: 'continuation-token=garbage&list-type=2' });
    expect(xmlText(bad.text, 'Code')).toBe('InvalidArgument');

    // Delete them all at once.
    const body = `<Delete>${keys.map((k) => `<Object><Key>${k.replace(/&/g, '&amp;')}</Key></Object>`).join('')}</Delete>`;
    const deleted = await s3.send('POST', '/tree', {
      query: 'delete=',
      body,
      headers: { 'Content-MD5': crypto.createHash('md5').update(body).digest('base64') },
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(xmlTexts(deleted.text, 'Key').sort()).toEqual([...keys].sort());
    expect(xmlText((await s3.send('GET', '/tree', { query: 'list-type=2' })).text, 'KeyCount')).toBe('0');
  });

  it('refuses what a hostile or mistaken client sends: full quota, wrong secrets, read-only keys, unsupported sub-resources', async () => {
    const small = await createUser(server);
    const smallS3 = s3Client(server.s3Url!, await createS3Key(server, small));
    await setStorageLimit(server, small, 10_000);
    await smallS3.send('PUT', '/full');
    const refused = await smallS3.send('PUT', s3Path('full', 'big.bin'), { body: crypto.randomBytes(20_000) });
    expect(refused.status).toBe(403);
    expect(xmlText(refused.text, 'Code')).toBe('QuotaExceeded');
    expect(await usage(small)).toBe(0);

    const keys = await createS3Key(server, small);
    const forged = s3Client(server.s3Url!, { ...keys, secretAccessKey: 'x'.repeat(40) });
    expect(xmlText((await forged.send('GET', '/')).text, 'Code')).toBe('SignatureDoesNotMatch');
    const unknown = s3Client(server.s3Url!, { accessKeyId: 'CRN00000000000000000', secretAccessKey: 'x'.repeat(40) });
    expect(xmlText((await unknown.send('GET', '/')).text, 'Code')).toBe('InvalidAccessKeyId');
    const anonymous = await fetch(`${server.s3Url}/full`);
    expect(anonymous.status).toBe(403);
    expect(xmlText(await anonymous.text(), 'Code')).toBe('AccessDenied');

    const reader = s3Client(server.s3Url!, await createS3Key(server, small, { name: 'reader', readOnly: true }));
    expect((await reader.send('GET', '/full', { query: 'list-type=2' })).status).toBe(200);
    const write = await reader.send('PUT', s3Path('full', 'x.txt'), { body: 'x' });
    expect(write.status).toBe(403);
    expect(xmlText(write.text, 'Code')).toBe('AccessDenied');

    expect(xmlText((await smallS3.send('GET', '/full', { query: 'acl=' })).text, 'Code')).toBe('NotImplemented');
    const longKey = await smallS3.send('PUT', s3Path('full', 'k'.repeat(1025)), { body: 'x' });
    expect(xmlText(longKey.text, 'Code')).toBe('KeyTooLongError');
    const nulKey = await smallS3.send('PUT', '/full/a%00b', { body: 'x' });
    expect(xmlText(nulKey.text, 'Code')).toBe('InvalidArgument');
    expect(await usage(small)).toBe(0);
  });

  it('names records by their whole key, decodes numeric character references, and makes concurrent puts wait for a slot', async () => {
    await s3.send('PUT', '/named');
    expect((await s3.send('PUT', s3Path('named', 'www/index.html'), { body: '<h1>a</h1>' })).status).toBe(200);
    expect((await s3.send('PUT', s3Path('named', 'v1.2/readme'), { body: 'readme' })).status).toBe(200);
    const files = await server.api.get('/api/v2/users/me/uploads?limit=100', { token: user.token });
    const names = files.body.files.map((u: { name: string }) => u.name);
    expect(names).toEqual(expect.arrayContaining(['www/index.html', 'v1.2/readme']));

    // Go's XML encoder (rclone's) writes quotes as `&#34;`; a key keeps its spaces.
    await s3.send('PUT', s3Path('named', ' "quoted" '), { body: 'q' });
    const body = '<Delete><Object><Key> &#34;quoted&#34; </Key></Object></Delete>';
    const deleted = await s3.send('POST', '/named', { query: 'delete=', body });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await s3.send('HEAD', s3Path('named', ' "quoted" '))).status).toBe(404);

    // More puts at once than the account may stream: each waits for a slot rather than fail.
    const previous = server.app.config.uploadsPerAccount;
    server.app.config.uploadsPerAccount = 1;
    try {
      const puts = await Promise.all(
        Array.from({ length: 4 }, (_, i) => s3.send('PUT', s3Path('named', `many/${i}.bin`), { body: crypto.randomBytes(200_000) })),
      );
      expect(puts.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    } finally {
      server.app.config.uploadsPerAccount = previous;
    }
  });

  it("deleting a bucket's group in My files gives back the quota of its uploads in progress", async () => {
    await s3.send('PUT', '/pending');
    const created = await s3.send('POST', s3Path('pending', 'big.bin'), { query: 'uploads=' });
    const uploadId = xmlText(created.text, 'UploadId')!;
    const part = await s3.send('PUT', s3Path('pending', 'big.bin'), {
      query: `partNumber=1&uploadId=${uploadId}`,
      body: crypto.randomBytes(100_000),
    });
    expect(part.status, part.text).toBe(200);
    const reserved = async () => Number((await server.app.stores.users.findById(user.id))!.storage_reserved);
    expect(await reserved()).toBeGreaterThanOrEqual(100_000);
    const groups = await server.api.get('/api/v2/groups', { token: user.token });
    const group = groups.body.groups.find((g: { name: string }) => g.name === 'pending');
    expect((await server.api.delete(`/api/v2/groups/${group.id}`, { token: user.token })).status).toBe(200);
    expect(await reserved()).toBe(0);
    expect(xmlText((await s3.send('GET', '/pending', { query: 'list-type=2' })).text, 'Code')).toBe('NoSuchBucket');
  });

  it('a presigned URL opens an object until it expires', async () => {
    await s3.send('PUT', '/shared');
    await s3.send('PUT', s3Path('shared', 'note.txt'), { body: 'hello' });
    const { url } = s3.sign('GET', s3Path('shared', 'note.txt'), { presign: true });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello');
    const tampered = await fetch(url.replace('note.txt', 'other.txt'));
    expect(tampered.status).toBe(403);
  });
});

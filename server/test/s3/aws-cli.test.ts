// aws-cli (PyPI `awscli`, pinned in requirements.txt) against Cairn's S3 endpoint, as a user runs it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsCli, scratchDir } from './clients';
import { startS3Server, type S3TestServer } from './s3-harness';

const MiB = 1024 * 1024;
/** Large enough that aws-cli sends it in 8 parts of 8 MiB (its threshold and part size set so below). */
const LARGE = 64 * MiB;
const SITE_FILES = 1000;

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describe('aws-cli', () => {
  let s3: S3TestServer;
  let aws: ReturnType<typeof awsCli>;
  let scratch: ReturnType<typeof scratchDir>;
  beforeAll(async () => {
    s3 = await startS3Server();
    // aws-cli v1 presigns with Signature V2 unless told otherwise; Cairn speaks V4 only.
    aws = awsCli(s3, { multipart_threshold: '8MB', multipart_chunksize: '8MB', signature_version: 's3v4' });
    scratch = scratchDir();
  }, 600_000);
  afterAll(async () => {
    aws?.remove();
    scratch?.remove();
    await s3?.close();
  });

  // Run in the scratch directory, so that aws-cli names local files by their relative path.
  const ok = async (args: string[], timeoutMs = 120_000) => {
    const result = await aws.run(args, { timeoutMs, cwd: scratch.dir });
    expect(result.code, `aws ${args.join(' ')}\n${result.stderr}`).toBe(0);
    return result.stdout;
  };

  it('makes a bucket, copies a large file up in parts and down again with the same bytes', async () => {
    expect(await ok(['s3', 'mb', 's3://site'])).toContain('make_bucket: site');
    const up = path.join(scratch.dir, 'large.bin');
    fs.writeFileSync(up, crypto.randomBytes(LARGE));
    await ok(['s3', 'cp', up, 's3://site/big/large.bin', '--no-progress'], 300_000);

    // Sent as a multipart upload: S3's ETag of parts is "<md5 of the parts' md5s>-<count>".
    const head = JSON.parse(await ok(['s3api', 'head-object', '--bucket', 'site', '--key', 'big/large.bin']));
    expect(head.ContentLength).toBe(LARGE);
    expect(head.ETag).toMatch(/^"[0-9a-f]{32}-8"$/);
    const cid = head.Metadata.cid as string;
    expect(cid).toMatch(/^baf/);

    const down = path.join(scratch.dir, 'large.down');
    await ok(['s3', 'cp', 's3://site/big/large.bin', down, '--no-progress'], 300_000);
    expect(fs.statSync(down).size).toBe(LARGE);
    expect(sha256(down)).toBe(sha256(up));

    // The object is a record: the gateway serves its CID with the same bytes.
    const gateway = await fetch(`${s3.apiUrl}/ipfs/${cid}`);
    expect(gateway.status).toBe(200);
    const served = crypto
      .createHash('sha256')
      .update(Buffer.from(await gateway.arrayBuffer()))
      .digest('hex');
    expect(served).toBe(sha256(up));
  }, 600_000);

  const SITE_TOTAL = SITE_FILES + 1;
  const api = async (pathAndQuery: string) => {
    const res = await fetch(`${s3.apiUrl}${pathAndQuery}`, { headers: { Authorization: `Bearer ${s3.token}` } });
    expect(res.status, pathAndQuery).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };
  const siteGroupId = async () => {
    const { groups } = (await api('/api/v2/groups?limit=100')) as { groups: Array<{ id: string; name: string }> };
    const group = groups.find((g) => g.name === 'site');
    expect(group, 'the bucket is a group of the account').toBeDefined();
    return group!.id;
  };

  it(`syncs a folder of ${SITE_FILES} files, then again uploading nothing but what changed`, async () => {
    const site = 'site';
    for (let i = 0; i < SITE_FILES; i++) {
      const dir = path.join(scratch.dir, site, `section-${i % 10}`);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `page-${i}.html`), `<h1>page ${i}</h1>\n${crypto.randomBytes(64).toString('hex')}\n`);
    }
    fs.writeFileSync(path.join(scratch.dir, site, 'index.html'), '<h1>home</h1>\n');

    const first = await ok(['s3', 'sync', site, 's3://site/www', '--no-progress'], 600_000);
    expect(first.split('\n').filter((line) => line.startsWith('upload:'))).toHaveLength(SITE_TOTAL);
    const second = await ok(['s3', 'sync', site, 's3://site/www', '--no-progress'], 300_000);
    expect(second.trim()).toBe('');

    // A changed file is the only one sent again.
    fs.writeFileSync(path.join(scratch.dir, site, 'index.html'), '<h1>home, changed</h1>\n');
    const third = await ok(['s3', 'sync', site, 's3://site/www', '--no-progress'], 300_000);
    expect(third.trim().split('\n')).toEqual(['upload: site/index.html to s3://site/www/index.html']);

    // The site's home page opens in the gateway by the CID its object carries.
    const head = JSON.parse(await ok(['s3api', 'head-object', '--bucket', 'site', '--key', 'www/index.html']));
    const home = await fetch(`${s3.apiUrl}/ipfs/${head.Metadata.cid as string}`);
    expect(home.status).toBe(200);
    expect(await home.text()).toBe('<h1>home, changed</h1>\n');
  }, 900_000);

  it('lists the synced folder by prefixes, and every object with --recursive', async () => {
    const top = await ok(['s3', 'ls', 's3://site/www/']);
    const prefixes = top
      .split('\n')
      .filter((line) => line.includes('PRE '))
      .map((line) => line.trim());
    expect(prefixes).toEqual(Array.from({ length: 10 }, (_, i) => `PRE section-${i}/`));
    expect(top).toMatch(/ 23 index\.html$/m);
    const all = (await ok(['s3', 'ls', 's3://site/www/', '--recursive'], 300_000)).trim().split('\n');
    expect(all).toHaveLength(SITE_TOTAL);
    expect(all.some((line) => line.endsWith(' www/section-7/page-7.html'))).toBe(true);
    expect(await ok(['s3', 'ls'])).toMatch(/ site$/m);
  }, 300_000);

  it("shows every synced object as a record of the bucket's group in the file list", async () => {
    const groupId = await siteGroupId();
    // The site's objects and the large file.
    expect((await api(`/api/v2/users/me/uploads?groupId=${groupId}&limit=1`)).total).toBe(SITE_TOTAL + 1);
    const cid = JSON.parse(await ok(['s3api', 'head-object', '--bucket', 'site', '--key', 'www/index.html'])).Metadata.cid as string;
    const { files } = (await api(`/api/v2/users/me/uploads?groupId=${groupId}&cid=${cid}`)) as { files: Array<{ name: string }> };
    // My files names an object's record by its key.
    expect(files.map((file) => file.name)).toEqual(['www/index.html']);
  });

  it('removes the synced folder with rm --recursive', async () => {
    const removed = await ok(['s3', 'rm', 's3://site/www/', '--recursive'], 300_000);
    expect(removed.split('\n').filter((line) => line.startsWith('delete:'))).toHaveLength(SITE_TOTAL);
    const left = JSON.parse(await ok(['s3api', 'list-objects-v2', '--bucket', 'site', '--prefix', 'www/']));
    // aws-cli's paginated answer leaves out KeyCount: no Contents is an empty prefix.
    expect(left.Contents ?? []).toHaveLength(0);
    expect(left.Prefix).toBe('www/');
    const groupId = await siteGroupId();
    // Only the large file's record is left in the group.
    expect((await api(`/api/v2/users/me/uploads?groupId=${groupId}&limit=1`)).total).toBe(1);
  }, 300_000);

  it('presigns a URL that opens without credentials, and refuses it once expired', async () => {
    const body = crypto.randomBytes(10_000);
    const file = path.join(scratch.dir, 'shared.bin');
    fs.writeFileSync(file, body);
    await ok(['s3', 'cp', file, 's3://site/shared.bin', '--no-progress']);

    const url = (await ok(['s3', 'presign', 's3://site/shared.bin', '--expires-in', '300'])).trim();
    expect(url).toContain('X-Amz-Signature=');
    const opened = await fetch(url);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(body)).toBe(true);

    // A signature changed by one character is refused.
    const forged = url.replace(/X-Amz-Signature=([0-9a-f])/, (_, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`);
    const refused = await fetch(forged);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('<Code>SignatureDoesNotMatch</Code>');

    const short = (await ok(['s3', 'presign', 's3://site/shared.bin', '--expires-in', '1'])).trim();
    // The URL must outlive its second: only time passing makes it expire.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(short);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('<Code>AccessDenied</Code>');
  }, 120_000);

  it('answers a missing object and a missing bucket as aws-cli expects', async () => {
    const missing = await aws.run(['s3api', 'head-object', '--bucket', 'site', '--key', 'nothing-here']);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('(404)');
    const get = await aws.run(['s3api', 'get-object', '--bucket', 'site', '--key', 'nothing-here', path.join(scratch.dir, 'x')]);
    expect(get.stderr).toContain('(NoSuchKey)');
    const bucket = await aws.run(['s3', 'ls', 's3://no-such-bucket-here/']);
    expect(bucket.code).not.toBe(0);
    expect(bucket.stderr).toContain('NoSuchBucket');
    const notEmpty = await aws.run(['s3', 'rb', 's3://site']);
    expect(notEmpty.code).not.toBe(0);
    expect(notEmpty.stderr).toContain('BucketNotEmpty');
  }, 120_000);
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, setStorageLimit, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import type { S3MultipartRow, UserRow } from '../../db/schema';
import { sweepOnce } from '../../commands/maintenance/sweeper';
import type { AppError } from '../../lib/errors';
import type { S3Error } from '../errors';
import { MULTIPART_TTL_MS, PART_MIN_CHARGE } from './limits';
import { insertUploadWithin, listParts } from './multipart-store';
import { multipartRemover } from './multipart-remover';
import { localPath, partsDir } from './part-files';
import { partWriter } from './part-writer';
import { pruneExpiredMultipart } from './prune';

async function* chunks(bytes: Buffer, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const md5 = (bytes: Buffer) => `"${crypto.createHash('md5').update(bytes).digest('hex')}"`;

/**
 * The part store under the S3 handlers: part files and rows, and the quota a pending upload holds,
 * driven directly against a real server context.
 */
describe.each(DRIVERS)('S3 multipart parts (%s)', (driver) => {
  let server: TestServer;
  let user: TestUser;
  let bucketId: string;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    user = await createUser(server);
    const now = new Date().toISOString();
    const groupId = crypto.randomUUID();
    bucketId = crypto.randomUUID();
    await server.app.db.insertInto('groups').values({ id: groupId, user_id: user.id, name: 'parts', created_at: now }).execute();
    await server.app.db
      .insertInto('s3_buckets')
      .values({ id: bucketId, user_id: user.id, name: 'parts', group_id: groupId, created_at: now })
      .execute();
  });
  afterAll(() => server.close());

  const account = async (): Promise<UserRow> => (await server.app.stores.users.findById(user.id))!;
  const reserved = async () => Number((await account()).storage_reserved);
  const liveReservations = () => server.app.db.selectFrom('quota_reservations').selectAll().where('user_id', '=', user.id).execute();

  async function newUpload(): Promise<S3MultipartRow> {
    const createdAt = new Date();
    const row: S3MultipartRow = {
      id: crypto.randomBytes(24).toString('base64url'),
      bucket_id: bucketId,
      user_id: user.id,
      key: `k/${crypto.randomUUID()}`,
      content_type: 'application/octet-stream',
      meta: '{}',
      created_at: createdAt.toISOString(),
      expires_at: new Date(createdAt.getTime() + MULTIPART_TTL_MS).toISOString(),
    };
    expect(await insertUploadWithin(server.app.db, row, 1000, new Date().toISOString())).toBe(true);
    return row;
  }
  const write = async (upload: S3MultipartRow, n: number, bytes: Buffer) =>
    partWriter(server.app, await account(), upload, n, chunks(bytes));
  const filesOf = (upload: S3MultipartRow) => fs.readdirSync(path.join(partsDir(server.app), upload.id));

  it('keeps a part as a private file, answers its MD5, and charges it as reserved until the upload ends', async () => {
    const upload = await newUpload();
    const bytes = crypto.randomBytes(300_000);
    expect(await write(upload, 1, bytes)).toBe(md5(bytes));
    const [part] = await listParts(server.app.db, upload.id);
    expect(part).toMatchObject({ part_number: 1, size: bytes.length, etag: md5(bytes) });
    const file = localPath(server.app, part!.file)!;
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await reserved()).toBe(bytes.length);
    // The part's streaming reservation gave way to the row's charge.
    expect(await liveReservations()).toEqual([]);

    expect(await multipartRemover(server.app, upload.id)).toBe('removed');
    expect(await reserved()).toBe(0);
    expect(fs.existsSync(path.join(partsDir(server.app), upload.id))).toBe(false);
    expect(await multipartRemover(server.app, upload.id)).toBe('gone');
  });

  it('replaces a part sent again under its number: one file, the new bytes charged', async () => {
    const upload = await newUpload();
    await write(upload, 2, crypto.randomBytes(200_000));
    const second = crypto.randomBytes(120_000);
    expect(await write(upload, 2, second)).toBe(md5(second));
    const parts = await listParts(server.app.db, upload.id);
    expect(parts.map((p) => [p.part_number, p.size, p.etag])).toEqual([[2, second.length, md5(second)]]);
    expect(filesOf(upload)).toHaveLength(1);
    expect(await reserved()).toBe(second.length);
    await multipartRemover(server.app, upload.id);
    expect(await reserved()).toBe(0);
  });

  it('keeps the last of parts of one number sent at once, with no file or quota left of the others', async () => {
    const upload = await newUpload();
    const sizes = [150_000, 90_000, 210_000, 60_000];
    const etags = await Promise.all(sizes.map((size) => write(upload, 3, crypto.randomBytes(size))));
    const [part] = await listParts(server.app.db, upload.id);
    expect(etags).toContain(part!.etag);
    expect(filesOf(upload)).toEqual([path.basename(part!.file)]);
    expect(await reserved()).toBe(Number(part!.size));
    expect(await liveReservations()).toEqual([]);
    await multipartRemover(server.app, upload.id);
    expect(await reserved()).toBe(0);
  });

  it('refuses a part that does not fit the quota (QuotaExceeded), keeping nothing of it, and the parts before it', async () => {
    const other = await createUser(server);
    await setStorageLimit(server, other, 1_000_000);
    const row = (await server.app.stores.users.findById(other.id))!;
    const upload = { ...(await newUpload()), user_id: other.id };
    await server.app.db.updateTable('s3_multipart_uploads').set({ user_id: other.id }).where('id', '=', upload.id).execute();
    await partWriter(server.app, row, upload, 1, chunks(crypto.randomBytes(600_000)));
    const refused = await partWriter(server.app, row, upload, 2, chunks(crypto.randomBytes(600_000))).catch((error: unknown) => error);
    // Cairn's own refusal, as for any upload (the S3 app answers it as QuotaExceeded).
    expect((refused as AppError).code).toBe('quota_exceeded');
    expect((await listParts(server.app.db, upload.id)).map((p) => p.part_number)).toEqual([1]);
    expect(filesOf(upload)).toHaveLength(1);
    expect(Number((await server.app.stores.users.findById(other.id))!.storage_reserved)).toBe(600_000);
    expect(await server.app.db.selectFrom('quota_reservations').selectAll().where('user_id', '=', other.id).execute()).toEqual([]);
    await multipartRemover(server.app, upload.id);
    expect(Number((await server.app.stores.users.findById(other.id))!.storage_reserved)).toBe(0);
  });

  it('charges a pending part a disk block at least, and refuses even an empty part on a full account', async () => {
    const upload = await newUpload();
    expect(await write(upload, 1, Buffer.alloc(0))).toBe(md5(Buffer.alloc(0)));
    await write(upload, 2, Buffer.from('tiny'));
    expect(await reserved()).toBe(2 * PART_MIN_CHARGE);
    await write(upload, 2, crypto.randomBytes(10_000));
    expect(await reserved()).toBe(PART_MIN_CHARGE + 10_000);
    await multipartRemover(server.app, upload.id);
    expect(await reserved()).toBe(0);

    const full = await createUser(server);
    await setStorageLimit(server, full, PART_MIN_CHARGE - 1);
    const row = (await server.app.stores.users.findById(full.id))!;
    const theirs = await newUpload();
    await server.app.db.updateTable('s3_multipart_uploads').set({ user_id: full.id }).where('id', '=', theirs.id).execute();
    const refused = await partWriter(server.app, row, { ...theirs, user_id: full.id }, 1, chunks(Buffer.alloc(0))).catch(
      (error: unknown) => error,
    );
    expect((refused as AppError).code).toBe('quota_exceeded');
    expect(await listParts(server.app.db, theirs.id)).toEqual([]);
    expect(Number((await server.app.stores.users.findById(full.id))!.storage_reserved)).toBe(0);
  });

  it('forgets a part whose stream fails (a bad signature found at its end), with its file and quota', async () => {
    const upload = await newUpload();
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield crypto.randomBytes(100_000);
      throw new Error('the payload signature does not match');
    }
    const failed = await partWriter(server.app, await account(), upload, 1, failing()).catch((error: unknown) => error);
    expect(String(failed)).toMatch(/signature/);
    expect(await listParts(server.app.db, upload.id)).toEqual([]);
    expect(fs.existsSync(path.join(partsDir(server.app), upload.id)) ? filesOf(upload) : []).toEqual([]);
    expect(await reserved()).toBe(0);
    expect(await liveReservations()).toEqual([]);
    await multipartRemover(server.app, upload.id);
  });

  it('refuses a part of an upload ended meanwhile (NoSuchUpload), leaving no file or quota', async () => {
    const upload = await newUpload();
    await multipartRemover(server.app, upload.id);
    const refused = await write(upload, 1, crypto.randomBytes(50_000)).catch((error: unknown) => error);
    expect((refused as S3Error).code).toBe('NoSuchUpload');
    expect(fs.existsSync(path.join(partsDir(server.app), upload.id)) ? filesOf(upload) : []).toEqual([]);
    expect(await reserved()).toBe(0);
    expect(await liveReservations()).toEqual([]);
  });

  it('keeps pending parts charged through the sweep of dead reservations (the upload lives 24 hours)', async () => {
    const upload = await newUpload();
    await write(upload, 1, crypto.randomBytes(80_000));
    const report = await sweepOnce(server.app, Date.now() + 10 * server.app.config.leaseMs);
    expect(report.multipartPruned).toBe(0);
    expect(await reserved()).toBe(80_000);
    await multipartRemover(server.app, upload.id);
  });

  it('prunes expired uploads, orphaned part files, and parts whose file is gone, with their quota', async () => {
    const expired = await newUpload();
    await write(expired, 1, crypto.randomBytes(70_000));
    await server.app.db
      .updateTable('s3_multipart_uploads')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', expired.id)
      .execute();
    const live = await newUpload();
    await write(live, 1, crypto.randomBytes(40_000));
    await write(live, 2, crypto.randomBytes(30_000));
    expect(await reserved()).toBe(140_000);

    // A crash left a file no row names (a part that was streaming), and lost the file of part 2.
    const orphan = path.join(partsDir(server.app), live.id, '7-deadbeef');
    fs.writeFileSync(orphan, 'half a part');
    const [, second] = await listParts(server.app.db, live.id);
    fs.rmSync(localPath(server.app, second!.file)!);

    expect(await pruneExpiredMultipart(server.app)).toBe(1);
    expect(await server.app.db.selectFrom('s3_multipart_uploads').select('id').where('id', '=', expired.id).execute()).toEqual([]);
    expect(fs.existsSync(path.join(partsDir(server.app), expired.id))).toBe(false);
    expect(fs.existsSync(orphan)).toBe(false);
    expect((await listParts(server.app.db, live.id)).map((p) => p.part_number)).toEqual([1]);
    expect(await reserved()).toBe(40_000);
    await multipartRemover(server.app, live.id);
    expect(await reserved()).toBe(0);
  });

  it('limits the uploads in progress of an account, counted in the database', async () => {
    const other = await createUser(server);
    const make = () => ({
      id: crypto.randomBytes(24).toString('base64url'),
      bucket_id: bucketId,
      user_id: other.id,
      key: 'same',
      content_type: 'x/y',
      meta: '{}',
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + MULTIPART_TTL_MS).toISOString(),
    });
    const now = new Date().toISOString();
    const made = await Promise.all(Array.from({ length: 5 }, () => insertUploadWithin(server.app.db, make(), 3, now)));
    expect(made.filter(Boolean).length).toBeLessThanOrEqual(3);
    const { n } = await server.app.db
      .selectFrom('s3_multipart_uploads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(made.filter(Boolean).length);
    expect(await insertUploadWithin(server.app.db, make(), Number(n), now)).toBe(false);
  });
});

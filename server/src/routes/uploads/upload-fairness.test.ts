import { afterEach, describe, expect, it } from 'vitest';
import { createUser, fileForm, setStorageLimit, uploadFile } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { slowUpload, type SlowUpload } from '../../../test/slow-upload';
import { eventually } from '../../../test/eventually';

const MIB = 1024 * 1024;

describe.each(DRIVERS)('uploads shared fairly (%s)', (driver) => {
  let server: TestServer | undefined;
  const pending: SlowUpload[] = [];
  afterEach(async () => {
    for (const upload of pending.splice(0)) upload.req.destroy();
    await server?.close();
    server = undefined;
  });

  it('lets one account stream only so many uploads at once (429 with Retry-After), never slowing another', async () => {
    server = await startTestServer({ driver, config: { uploadsPerAccount: 2 } });
    const busy = await createUser(server);
    pending.push(slowUpload(server.url, busy.token), slowUpload(server.url, busy.token));
    // Both have opened their reservation once their first bytes are in.
    const { db } = server.app;
    await eventually(
      'both uploads hold a reservation',
      async () => (await db.selectFrom('quota_reservations').select('id').where('user_id', '=', busy.id).execute()).length === 2,
    );
    const third = await server.api.request('POST', '/api/v2/upload', {
      token: busy.token,
      body: fileForm([{ name: 'c.txt', content: 'c' }]),
    });
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('too_many_uploads');
    expect(third.headers.get('retry-after')).toBe('2');

    // Another account is not held back by them: its upload goes through while they still stream.
    const other = await createUser(server);
    expect((await uploadFile(server, other, 'mine.txt', 'x'.repeat(1000))).name).toBe('mine.txt');

    pending[0]!.finish();
    expect(await pending[0]!.status).toBe(201);
    expect((await uploadFile(server, busy, 'after.txt', 'now it fits')).name).toBe('after.txt');
  }, 120_000);

  it('refuses, before reading the body, an upload whose declared length cannot fit the free quota', async () => {
    server = await startTestServer({ driver });
    const user = await createUser(server);
    await setStorageLimit(server, user, MIB);
    const started = Date.now();
    const upload = slowUpload(server.url, user.token, { declaredLength: 50 * MIB });
    pending.push(upload);
    expect(await upload.status).toBe(403);
    expect(Date.now() - started).toBeLessThan(2000);
    const reserved = await server.app.stores.users.findById(user.id);
    expect([reserved!.storage_used, reserved!.storage_reserved]).toEqual([0, 0]);
  }, 120_000);

  it('names concurrent uploads of the same file name with a suffix instead of refusing them', async () => {
    server = await startTestServer({ driver, config: { uploadsPerAccount: 8 } });
    const user = await createUser(server);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        server!.api.request('POST', '/api/v2/upload', { token: user.token, body: fileForm([{ name: 'same.txt', content: `copy ${i}` }]) }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const names = results.map((r) => r.body.name as string);
    expect(new Set(names).size).toBe(8);
    expect(names).toContain('same.txt');
    for (const name of names) expect(name).toMatch(/^same(-\d+)?\.txt$/);
  }, 120_000);
});

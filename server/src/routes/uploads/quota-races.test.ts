import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { removeUploadIfPresent, uploadRemover } from '../../commands/content/upload-remover';
import { uploadRenamer } from '../../commands/content/upload-renamer';
import { createUser, uploadFile, type TestUser } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { psaSettled } from '../../../test/psa';
import { serverSuite, withAdmin } from '../../../test/suites';

const KIB = 1024;

describe.each(DRIVERS)('deletes and renames take effect once (%s)', (driver) => {
  const suite = withAdmin(serverSuite(driver));

  const usage = async (user: TestUser): Promise<number> =>
    (await suite.server.api.get('/api/v2/users/me/usage', { token: user.token })).body.used as number;
  /** The sum of what the account's records are charged, read from the database itself. */
  const recordsBytes = async (user: TestUser): Promise<number> => {
    const rows = await suite.server.app.db.selectFrom('uploads').select('charged_bytes').where('user_id', '=', user.id).execute();
    return rows.reduce((sum, row) => sum + Number(row.charged_bytes), 0);
  };
  const upload = (user: TestUser, name: string, bytes: number) => uploadFile(suite.server, user, name, crypto.randomBytes(bytes));
  const userRow = async (user: TestUser) => (await suite.server.app.stores.users.findById(user.id))!;

  it('ten concurrent deletes of one record: one 200, nine 404, refunded once', async () => {
    const user = await createUser(suite.server);
    const target = await upload(user, 'target.bin', 30 * KIB);
    await upload(user, 'kept-1.bin', 50 * KIB);
    await upload(user, 'kept-2.bin', 50 * KIB);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => suite.server.api.delete(`/api/v2/uploads/${target.uploadId}`, { token: user.token })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, ...Array<number>(9).fill(404)]);
    expect(answers.filter((res) => res.status === 404).every((res) => res.body.code === 'file_not_found')).toBe(true);
    expect(await usage(user)).toBe(100 * KIB);
    expect(await usage(user)).toBe(await recordsBytes(user));
  });

  it('the legacy DELETE /file/{cid} and an administrator racing the owner remove the record once', async () => {
    const user = await createUser(suite.server);
    const target = await upload(user, 'target.bin', 20 * KIB);
    await upload(user, 'kept.bin', 40 * KIB);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => suite.server.api.delete(`/api/v2/uploads/${target.uploadId}`, { token: user.token })),
      ...Array.from({ length: 4 }, () => suite.server.api.delete(`/api/v2/file/${target.cid}`, { token: user.token })),
      ...Array.from({ length: 4 }, () => suite.server.api.delete(`/api/v2/admin/files/${target.uploadId}`, { token: suite.admin.token })),
    ]);
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.status === 404)).toHaveLength(11);
    expect(await usage(user)).toBe(40 * KIB);
    expect(await usage(user)).toBe(await recordsBytes(user));
  });

  it('a delete given a record another delete removed first refunds nothing (the command, step by step)', async () => {
    const user = await createUser(suite.server);
    const target = await upload(user, 'target.bin', 10 * KIB);
    await upload(user, 'kept.bin', 30 * KIB);
    const row = (await suite.server.app.stores.uploads.findForUser(user.id, target.uploadId))!;
    const owner = await userRow(user);
    expect(await removeUploadIfPresent(suite.server.app, owner, row, '')).toMatchObject({ removed: true });
    // The same record, read before the first delete committed: gone now.
    expect(await removeUploadIfPresent(suite.server.app, owner, row, '')).toBeNull();
    await expect(uploadRemover(suite.server.app, owner, row, '')).rejects.toMatchObject({ status: 404, code: 'file_not_found' });
    expect(await usage(user)).toBe(30 * KIB);
  });

  it('a rename of a record deleted meanwhile is a 404, not a rename of nothing', async () => {
    const user = await createUser(suite.server);
    const target = await upload(user, 'target.bin', KIB);
    const row = (await suite.server.app.stores.uploads.findForUser(user.id, target.uploadId))!;
    expect((await suite.server.api.delete(`/api/v2/uploads/${target.uploadId}`, { token: user.token })).status).toBe(200);
    await expect(uploadRenamer(suite.server.app, await userRow(user), row, 'renamed.bin', '')).rejects.toMatchObject({
      status: 404,
      code: 'file_not_found',
    });
  });

  it('forty concurrent Pinning Service API deletes of requests sharing one record refund it once', async () => {
    const user = await createUser(suite.server);
    await upload(user, 'kept.bin', 100 * KIB);
    // Content another account stored: the embedded node holds it, so the pins need no network.
    const shared = await upload(await createUser(suite.server), 'shared.bin', 30 * KIB);
    const requests: string[] = [];
    for (let i = 0; i < 40; i++) {
      requests.push((await suite.server.api.post('/psa/pins', { cid: shared.cid }, { token: user.token })).body.requestid as string);
    }
    for (const requestid of requests) expect((await psaSettled(suite.server, user.token, requestid)).status).toBe('pinned');
    expect(await usage(user)).toBe(100 * KIB + shared.chargedBytes);
    const answers = await Promise.all(requests.map((id) => suite.server.api.delete(`/psa/pins/${id}`, { token: user.token })));
    expect(answers.every((res) => res.status === 202)).toBe(true);
    expect(await usage(user)).toBe(100 * KIB);
    expect(await usage(user)).toBe(await recordsBytes(user));
  });
});

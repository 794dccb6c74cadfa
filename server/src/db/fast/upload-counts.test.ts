import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uploadFile } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { migrateToLatest } from '../migrate';
import { testMigrator } from '../../../test/pg';

describe.each(DRIVERS)('the account record count behind the file list total (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  const count = async (userId: string) =>
    Number(
      (await server.app.db.selectFrom('users').select('uploads_count').where('id', '=', userId).executeTakeFirstOrThrow()).uploads_count,
    );
  const listTotal = async (token: string) => (await server.api.get('/api/v2/users/me/uploads', { token })).body.total as number;

  it('follows every record inserted and deleted, whichever code path does it', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const a = await uploadFile(server, user, 'a.txt', 'first');
    await uploadFile(server, user, 'b.txt', 'second');
    await uploadFile(server, other, 'c.txt', 'third');
    expect([await count(user.id), await listTotal(user.token)]).toEqual([2, 2]);
    expect(await count(other.id)).toBe(1);

    expect((await server.api.delete(`/api/v2/uploads/${a.uploadId}`, { token: user.token })).status).toBe(200);
    expect([await count(user.id), await listTotal(user.token)]).toEqual([1, 1]);
    // A delete the application did not make (an operator's SQL) keeps it right too.
    await server.app.db.deleteFrom('uploads').where('user_id', '=', other.id).execute();
    expect([await count(other.id), await listTotal(other.token)]).toEqual([0, 0]);
  });

  it('counts what a search matches when the list is filtered', async () => {
    const user = await createUser(server);
    for (const name of ['alpha.txt', 'beta.txt', 'alphabet.txt']) await uploadFile(server, user, name, name);
    const search = await server.api.get('/api/v2/users/me/uploads?search=alpha', { token: user.token });
    expect(search.body.total).toBe(2);
    expect(await listTotal(user.token)).toBe(3);
  });

  it('is filled in for the records that existed before the migration', async () => {
    const user = await createUser(server);
    await uploadFile(server, user, 'old-1.txt', 'one');
    await uploadFile(server, user, 'old-2.txt', 'two');
    const migrator = testMigrator(server.app.db);
    const down = await migrator.migrateTo('0003-billing');
    expect(down.error).toBeUndefined();
    await migrateToLatest(server.app.db);
    expect(await count(user.id)).toBe(2);
    await uploadFile(server, user, 'new.txt', 'three');
    expect(await listTotal(user.token)).toBe(3);
  });

  it('moves the account version with every insert, rename and delete, and 0006 comes down cleanly', async () => {
    const user = await createUser(server);
    const version = async () =>
      Number(
        (await server.app.db.selectFrom('users').select('uploads_version').where('id', '=', user.id).executeTakeFirstOrThrow())
          .uploads_version,
      );
    const start = await version();
    const a = await uploadFile(server, user, 'v.txt', 'v');
    expect(await version()).toBe(start + 1);
    await server.app.db.updateTable('uploads').set({ name: 'w.txt' }).where('id', '=', a.uploadId).execute();
    expect(await version()).toBe(start + 2);
    await server.app.db.deleteFrom('uploads').where('id', '=', a.uploadId).execute();
    expect(await version()).toBe(start + 3);

    const b = await uploadFile(server, user, 'x.txt', 'x');
    expect(await count(user.id)).toBe(1);
    const migrator = testMigrator(server.app.db);
    expect((await migrator.migrateTo('0005-renewal-orders')).error).toBeUndefined();
    // The count's own triggers are back: records still count while the version is gone. (SQL, not
    // the application, which needs the tables of the later migrations.)
    await server.app.db.deleteFrom('uploads').where('id', '=', b.uploadId).execute();
    expect(await count(user.id)).toBe(0);
    await migrateToLatest(server.app.db);
    await uploadFile(server, user, 'y.txt', 'y');
    expect([await count(user.id), await version()]).toEqual([1, 1]);
  });
});

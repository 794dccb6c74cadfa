import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uploadFile } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { precompiled } from './precompiled';
import type { Database } from '../schema';

describe.each(DRIVERS)('precompiled queries (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  const namesOf = precompiled((db, param) =>
    db
      .selectFrom('uploads')
      .select('name')
      .where('user_id', '=', param<string>('userId'))
      .where('type', '=', 'file')
      .orderBy('name')
      .limit(param<number>('limit')),
  );

  it('runs with fresh values each time and keeps the query’s own constants', async () => {
    const ada = await createUser(server);
    const bob = await createUser(server);
    for (const name of ['c.txt', 'a.txt', 'b.txt']) await uploadFile(server, ada, name, name);
    await uploadFile(server, bob, 'bob.txt', 'bob');
    const db = server.app.db as Kysely<Database>;
    expect(await namesOf(db, { userId: ada.id, limit: 2 })).toEqual([{ name: 'a.txt' }, { name: 'b.txt' }]);
    expect(await namesOf(db, { userId: bob.id, limit: 10 })).toEqual([{ name: 'bob.txt' }]);
    expect(await namesOf(db, { userId: ada.id, limit: 10 })).toHaveLength(3);
  });

  it('refuses to build a query a named value does not reach as a parameter', async () => {
    const broken = precompiled((db, param) => {
      param<string>('unused');
      return db.selectFrom('uploads').select('name');
    });
    await expect(broken(server.app.db as Kysely<Database>, { unused: 'x' })).rejects.toThrow(/"unused" did not reach the SQL/);
  });
});

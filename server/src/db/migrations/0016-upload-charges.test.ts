import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uploadFile } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { migrateToLatest } from '../migrate';
import { testMigrator } from '../../../test/pg';

describe.each(DRIVERS)('migration 0015: records made before charges were kept apart (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  it('charges each record its size, so usage stays the sum of its records', async () => {
    const user = await createUser(server);
    const a = await uploadFile(server, user, 'a.txt', 'first file');
    const b = await uploadFile(server, user, 'b.txt', 'the second one');
    const migrator = testMigrator(server.app.db);
    expect((await migrator.migrateTo('0014-engine-gc-runs')).error).toBeUndefined();
    await migrateToLatest(server.app.db);

    const rows = await server.app.db.selectFrom('uploads').select(['id', 'size', 'charged_bytes']).where('user_id', '=', user.id).execute();
    expect(rows.map((row) => [row.id, Number(row.charged_bytes)]).sort()).toEqual(
      [
        [a.uploadId, a.size],
        [b.uploadId, b.size],
      ].sort(),
    );
    expect((await server.api.get('/api/v2/users/me/usage', { token: user.token })).body.used).toBe(a.size + b.size);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { migrateToLatest } from '../migrate';
import { testMigrator } from '../../../test/pg';

describe.each(DRIVERS)('migration 0021: the built-in plans in binary units (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  const descriptions = async (language: string, signedUp?: { token: string }) => {
    const user = signedUp ?? (await createUser(server, { language }));
    // Read between migrations too, where later migrations' fields are missing: not the current contract.
    const { body } = await server.api.get('/api/v2/plans', { token: user.token, unchecked: signedUp !== undefined });
    return Object.fromEntries((body.plans as Array<{ code: string; description: string }>).map((plan) => [plan.code, plan.description]));
  };

  it('names the storage as the limits are counted, in every language, and leaves what an administrator wrote', async () => {
    expect(await descriptions('en')).toMatchObject({
      free: 'Get started: 1 GiB of pinned storage.',
      pro: '100 GiB of pinned storage for individuals.',
      business: '1 TiB of pinned storage for teams.',
    });
    expect(await descriptions('fr')).toMatchObject({ free: 'Pour commencer : 1 Gio de stockage épinglé.' });
    expect(await descriptions('eu')).toMatchObject({ business: 'Finkatutako 1 TiB-ko biltegia taldeentzat.' });
    expect(await descriptions('ru')).toMatchObject({ pro: '100 ГиБ закреплённого хранилища для частных лиц.' });
    expect(await descriptions('uk')).toMatchObject({ business: '1 ТіБ закріпленого сховища для команд.' });

    // Back to the seeded wording, an administrator's own for one plan, and forward again. The
    // account is made first: signing up needs the columns of later migrations.
    const german = await createUser(server, { language: 'de' });
    const migrator = testMigrator(server.app.db);
    expect((await migrator.migrateTo('0018-job-request-ids')).error).toBeUndefined();
    expect(await descriptions('de', german)).toMatchObject({ free: 'Für den Einstieg: 1 GB gepinnter Speicher.' });
    await server.app.db.updateTable('plans').set({ description: 'Our best plan: 100 GB.' }).where('code', '=', 'pro').execute();
    await migrateToLatest(server.app.db);
    expect(await descriptions('en')).toMatchObject({ free: 'Get started: 1 GiB of pinned storage.', pro: 'Our best plan: 100 GB.' });
    expect(await descriptions('de')).toMatchObject({ free: 'Für den Einstieg: 1 GiB gepinnter Speicher.' });
  });
});

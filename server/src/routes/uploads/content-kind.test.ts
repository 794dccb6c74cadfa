import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { migrateToLatest } from '../../db/migrate';
import { createUser, fileForm } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { serverSuite } from '../../../test/suites';
import { testMigrator } from '../../../test/pg';

const mixed = [
  { name: 'data/readme.txt', content: 'what the blob is' },
  { name: 'data/blob.bin', content: new Uint8Array([0, 159, 146, 150, 0, 1]) },
];

describe.each(DRIVERS)('one type and category rule for records (%s)', (driver) => {
  const suite = serverSuite(driver, { pinTimeoutMs: 2000 });
  const api = () => suite.server.api;

  it('gives a folder the same type and category uploaded as a DAG and pinned by CID', async () => {
    const owner = await createUser(suite.server);
    const uploaded = await api().request('POST', '/api/v2/upload/directory?mode=dag', { token: owner.token, body: fileForm(mixed) });
    expect(uploaded.status).toBe(201);
    // A folder holding a binary file and a text file is not "text".
    expect(uploaded.body).toMatchObject({ type: 'directory', category: 'other', filesCount: 2 });

    const other = await createUser(suite.server);
    const pinned = await api().post('/api/v2/pins', { cid: uploaded.body.cid }, { token: other.token });
    expect(pinned.status).toBe(201);
    expect(pinned.body.upload).toMatchObject({ type: 'directory', category: 'other', filesCount: 2 });

    const texts = await api().request('POST', '/api/v2/upload/directory?mode=dag', {
      token: owner.token,
      body: fileForm([
        { name: 'notes/a.txt', content: 'one' },
        { name: 'notes/b.md', content: '# two' },
      ]),
    });
    const pinnedTexts = await api().post('/api/v2/pins', { cid: texts.body.cid }, { token: other.token });
    expect([texts.body.type, texts.body.category]).toEqual(['directory', 'text']);
    expect(pinnedTexts.body.upload).toMatchObject({ type: 'directory', category: 'text' });
  });

  it('turns stored folder DAGs into directories and recomputes their category', async () => {
    const user = await createUser(suite.server);
    const res = await api().request('POST', '/api/v2/upload/directory?mode=dag', { token: user.token, body: fileForm(mixed) });
    const db = suite.server.app.db;
    // The record as the earlier rule stored it: a "dag" whose most common category won.
    const migrator = testMigrator(db);
    expect((await migrator.migrateTo('0007-server-secrets')).error).toBeUndefined();
    await db.updateTable('uploads').set({ type: 'dag', category: 'text' }).where('id', '=', res.body.uploadId).execute();
    await migrateToLatest(db);

    const stored = () =>
      db.selectFrom('uploads').select(['type', 'category']).where('id', '=', res.body.uploadId).executeTakeFirstOrThrow();
    expect(await stored()).toEqual({ type: 'directory', category: 'text' });
    // The migration queued the backfill once: a job per stored directory, run by the job runner.
    const backfill = () => db.selectFrom('jobs').select(['id', 'cid']).where('kind', '=', 'recategorise').execute();
    expect(await backfill()).toContainEqual({ id: `recategorise:${res.body.cid}`, cid: res.body.cid });
    suite.server.app.jobs.kick('recategorise');
    await eventually('the backfill ran', async () => (await backfill()).length === 0);
    expect(await stored()).toEqual({ type: 'directory', category: 'other' });
    // Migrations that already ran queue nothing again.
    await migrateToLatest(db);
    expect(await backfill()).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { nameOrderKey } from '../../lib/name-order';

const RECORDS = 1500;
interface Seeded {
  id: string;
  name: string;
  size: number;
  created_at: string;
  meta: Record<string, string>;
  grouped: boolean;
}

/** Key-values of record i: `tier` on nine in ten (many), `project` one of twelve, `owner` on one in fifty (few). */
const metaOf = (i: number): Record<string, string> => ({
  ...(i % 10 !== 0 ? { tier: 'a' } : {}),
  project: `p-${i % 12}`,
  ...(i % 50 === 0 ? { owner: `u${i % 3}` } : {}),
});

/**
 * The file list's filters over more records than a page walk checks one by one (1,000): each way
 * the list reads them (the matched ids first, a walk in the list's order, a filter on the records'
 * own columns) must answer exactly what the filter means, on every page and in every order.
 */
describe.each(DRIVERS)('the file list filtered over %i records (%s)'.replace('%i', String(RECORDS)), (driver) => {
  let server: TestServer;
  let user: TestUser;
  let groupId: string;
  const seeded: Seeded[] = [];

  beforeAll(async () => {
    server = await startTestServer({ driver });
    user = await createUser(server);
    const other = await createUser(server);
    groupId = randomUUID();
    const now = new Date().toISOString();
    await server.app.db.insertInto('groups').values({ id: groupId, user_id: user.id, name: 'quarter', created_at: now }).execute();
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (const owner of [user, other]) {
      for (let at = 0; at < (owner === user ? RECORDS : 50); at += 500) {
        const rows = Array.from({ length: Math.min(500, RECORDS - at) }, (_, n) => {
          const i = at + n;
          const name = `file-${i}.txt`;
          return {
            id: randomUUID(),
            user_id: owner.id,
            cid: `bafkreitest${owner === user ? 'a' : 'b'}${[...String(i).padStart(6, '0')].map((d) => 'abcdefghij'[Number(d)]).join('')}`,
            name,
            name_key: nameOrderKey(name),
            original_name: name,
            custom_name: null,
            name_source: 'original' as const,
            size: 1000 + ((i * 7919) % 5000),
            charged_bytes: 1000,
            type: 'file' as const,
            category: 'text' as const,
            files_count: 1,
            source: 'upload' as const,
            created_at: new Date(start + i * 1000).toISOString(),
            meta: JSON.stringify(metaOf(i)),
          };
        });
        await server.app.db.insertInto('uploads').values(rows).execute();
        const meta = rows.flatMap((row, n) =>
          Object.entries(metaOf(at + n)).map(([key, value]) => ({ upload_id: row.id, user_id: owner.id, key, value })),
        );
        await server.app.db.insertInto('upload_meta').values(meta).execute();
        if (owner !== user) continue;
        const grouped = rows.filter((_, n) => (at + n) % 4 === 0);
        await server.app.db
          .insertInto('upload_groups')
          .values(grouped.map((row) => ({ group_id: groupId, upload_id: row.id, created_at: now })))
          .execute();
        rows.forEach((row, n) => seeded.push({ ...row, meta: metaOf(at + n), grouped: (at + n) % 4 === 0 }));
      }
    }
  }, 120_000);
  afterAll(() => server.close());

  const query = (value: Record<string, string>) => encodeURIComponent(JSON.stringify(value));
  const FILTERS: [string, string, (record: Seeded) => boolean][] = [
    ['many key-values (a walk)', `meta=${query({ tier: 'a' })}`, (r) => r.meta.tier === 'a'],
    ['few key-values (ids first)', 'metaExists=owner', (r) => 'owner' in r.meta],
    ['a prefix', `metaPrefix=${query({ project: 'p-1' })}`, (r) => r.meta.project!.startsWith('p-1')],
    ['a group and a key', `groupId=GROUP&meta=${query({ tier: 'a' })}`, (r) => r.grouped && r.meta.tier === 'a'],
    [
      'many ids, narrowed by the name',
      `meta=${query({ tier: 'a' })}&name=file-14`,
      (r) => r.meta.tier === 'a' && r.name.includes('file-14'),
    ],
    ['few ids and a size', `metaExists=owner&minSize=3000`, (r) => 'owner' in r.meta && r.size >= 3000],
  ];
  const ORDERS: [string, (a: Seeded, b: Seeded) => number][] = [
    ['', (a, b) => b.created_at.localeCompare(a.created_at) || (b.id < a.id ? -1 : 1)],
    ['&sort=size&order=asc', (a, b) => a.size - b.size || (a.id < b.id ? -1 : 1)],
    ['&sort=name&order=desc', (a, b) => (nameOrderKey(b.name) < nameOrderKey(a.name) ? -1 : 1)],
  ];

  it.each(FILTERS)('answers %s exactly, on its first, a middle and its last page, in each order', async (_, filter, matches) => {
    for (const [order, compare] of ORDERS) {
      const expected = seeded.filter(matches).sort(compare);
      expect(expected.length).toBeGreaterThan(0);
      const limit = 25;
      const last = Math.max(1, Math.ceil(expected.length / limit));
      for (const page of [...new Set([1, Math.ceil(last / 2), last])]) {
        const res = await server.api.get(
          `/api/v2/users/me/uploads?limit=${limit}&page=${page}&${filter.replace('GROUP', groupId)}${order}`,
          {
            token: user.token,
          },
        );
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(expected.length);
        const want = expected.slice((page - 1) * limit, page * limit).map((r) => r.name);
        expect(
          res.body.files.map((f: { name: string }) => f.name),
          `${filter}${order} page ${page}`,
        ).toEqual(want);
      }
    }
  });
});

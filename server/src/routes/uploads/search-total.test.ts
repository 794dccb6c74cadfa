import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { nameOrderKey } from '../../lib/name-order';

/** The oldest records, `old-N.txt`: more than the list counts. */
const OLD = 10_050;
/** The newest, `new-N.txt`: more than a walk of the newest records looks through for the first page. */
const NEW = 550;
const COUNTED = 10_000;

interface Listed {
  files: { name: string }[];
  total: number;
  totalAtLeast?: true;
}

/**
 * A search or filter counts at most 10,000 matches and says when more match; every page is still
 * served in order, also when all the matches are older than the records a page walk looks through.
 */
describe.each(DRIVERS)('the file list counting a search up to %s matches (%s)'.replace('%s', String(COUNTED)), (driver) => {
  let server: TestServer;
  let user: TestUser;
  const names: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ driver });
    user = await createUser(server);
    const other = await createUser(server);
    const start = Date.parse('2026-01-01T00:00:00Z');
    const record = (userId: string, i: number, name: string) => ({
      id: randomUUID(),
      user_id: userId,
      cid: `bafkreitest${userId === user.id ? 'a' : 'b'}${[...String(i)].map((d) => 'abcdefghij'[Number(d)]).join('')}`,
      name,
      name_key: nameOrderKey(name),
      original_name: name,
      custom_name: null,
      name_source: 'original' as const,
      size: i,
      charged_bytes: 1,
      type: 'file' as const,
      category: 'text' as const,
      files_count: 1,
      source: 'upload' as const,
      created_at: new Date(start + i * 1000).toISOString(),
    });
    for (let i = 0; i < OLD + NEW; i++) names.push(i < OLD ? `old-${i}.txt` : `new-${i}.txt`);
    for (let at = 0; at < names.length; at += 500) {
      await server.app.db
        .insertInto('uploads')
        .values(names.slice(at, at + 500).map((name, n) => record(user.id, at + n, name)))
        .execute();
    }
    await server.app.db
      .insertInto('uploads')
      .values(Array.from({ length: 50 }, (_, i) => record(other.id, i, `old-${i}.txt`)))
      .execute();
    await server.app.db.updateTable('users').set({ uploads_count: names.length }).where('id', '=', user.id).execute();
  }, 120_000);
  afterAll(() => server.close());

  const list = async (query: string): Promise<Listed> => {
    const res = await server.api.get(`/api/v2/users/me/uploads?${query}`, { token: user.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Listed;
  };
  /** The names `matches` keeps, newest first, on page `page` of 20. */
  const expected = (matches: (name: string, i: number) => boolean, page = 1) =>
    names
      .map((name, i) => ({ name, i }))
      .filter(({ name, i }) => matches(name, i))
      .reverse()
      .slice((page - 1) * 20, page * 20)
      .map(({ name }) => name);

  it('answers 10,000 and "at least" for a search matching more, and serves its pages past 10,000, in order', async () => {
    const first = await list('search=old&limit=20');
    expect(first.total).toBe(COUNTED);
    expect(first.totalAtLeast).toBe(true);
    // Every match is older than the newest 550 records.
    expect(first.files.map((f) => f.name)).toEqual(expected((name) => name.startsWith('old-')));
    const past = await list('search=old&limit=20&page=502');
    expect(past.files.map((f) => f.name)).toEqual(expected((name) => name.startsWith('old-'), 502));
    expect(past.files).toHaveLength(20);
    const everything = await list('search=.txt&limit=20&page=3');
    expect([everything.total, everything.totalAtLeast]).toEqual([COUNTED, true]);
    expect(everything.files.map((f) => f.name)).toEqual(expected(() => true, 3));
  });

  it('counts exactly, with no "at least", up to 10,000 matches', async () => {
    const fewOld = await list('search=old-1&limit=20&page=2');
    expect(fewOld.total).toBe(1 + 10 + 100 + 1000 + 50);
    expect(fewOld).not.toHaveProperty('totalAtLeast');
    expect(fewOld.files.map((f) => f.name)).toEqual(expected((name) => name.startsWith('old-1'), 2));
    const newest = await list('search=new&limit=20');
    expect([newest.total, newest.totalAtLeast]).toEqual([NEW, undefined]);
    expect(newest.files.map((f) => f.name)).toEqual(expected((name) => name.startsWith('new-')));
  });

  it('bounds a filtered count the same way: 10,000 exactly, then "at least" from 10,001', async () => {
    const exactly = await list(`search=old&maxSize=${COUNTED - 1}&limit=20&page=2`);
    expect([exactly.total, exactly.totalAtLeast]).toEqual([COUNTED, undefined]);
    expect(exactly.files.map((f) => f.name)).toEqual(expected((name, i) => name.startsWith('old-') && i < COUNTED, 2));
    const over = await list(`search=old&maxSize=${COUNTED}&limit=20`);
    expect([over.total, over.totalAtLeast]).toEqual([COUNTED, true]);
    expect(over.files.map((f) => f.name)).toEqual(expected((name, i) => name.startsWith('old-') && i <= COUNTED));
  });

  it('counts the whole account without a search, past 10,000', async () => {
    const all = await list('limit=20');
    expect([all.total, all.totalAtLeast]).toEqual([OLD + NEW, undefined]);
  });
});

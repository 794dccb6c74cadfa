import { base58btc } from 'multiformats/bases/base58';
import { CID } from 'multiformats/cid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentNotFoundError } from '../../content/errors';
import { createApiToken, createUser, uploadFile } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { expectPsaError, LOOPBACK_PEERS, psaPinUntil, psaSettled } from '../../../test/psa';

/** CIDs no node here holds: one fails at once, two are held in `pinning` and `queued`. */
const FAIL_CID = 'bafkreie7q3iidccmpvszul7kudcvvuavuo7u6gzlbobczuk5nqk3b4akba';
const HANG_CIDS = [
  'bafkreidon73zkcrwdb5iafqtijxildoonbwnpv7dyd6ef3qdgads2jc4su',
  'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy',
];

describe.each(DRIVERS)('GET /psa/pins filters (%s)', (driver) => {
  let server: TestServer;
  let token: string;
  const cids: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const list = async (query: string) => {
    const res = await server.api.get(`/psa/pins${query}`, { token });
    expect(res.status).toBe(200);
    return res.body as { count: number; results: Array<{ requestid: string; status: string; created: string; pin: { cid: string } }> };
  };
  const requestids = async (query: string) => (await list(query)).results.map((r) => r.requestid);

  beforeAll(async () => {
    server = await startTestServer({ driver, config: { pinTimeoutMs: 60_000, ipfs: LOOPBACK_PEERS } });
    const pin = server.app.content.pin.bind(server.app.content);
    // The engine is real; only these CIDs are made to fail at once or to hang until the job is stopped.
    server.app.content.pin = (cid, options) => {
      if (cid === FAIL_CID) return Promise.reject(new ContentNotFoundError(cid));
      if (!HANG_CIDS.includes(cid)) return pin(cid, options);
      return new Promise((_, reject) => options?.signal?.addEventListener('abort', () => reject(options.signal!.reason)));
    };
    const owner = await createUser(server);
    for (const name of ['a', 'b', 'c', 'd']) cids[name] = (await uploadFile(server, owner, `${name}.txt`, `content ${name}`)).cid;
    const user = await createUser(server);
    token = (await createApiToken(server, user)).token;
    const pins: Array<[string, Record<string, unknown>]> = [
      ['a', { cid: cids.a, name: 'Alpha Report', meta: { app: 'a', env: 'prod' } }],
      ['b', { cid: cids.b, name: 'alpha notes', meta: { app: 'a' } }],
      ['c', { cid: cids.c, name: 'Beta 100%', meta: { app: 'b' } }],
      ['d', { cid: cids.d }],
      ['failed', { cid: FAIL_CID, name: 'broken' }],
    ];
    for (const [key, body] of pins) {
      ids[key] = (await server.api.post('/psa/pins', body, { token })).body.requestid;
      await psaSettled(server, token, ids[key]!);
    }
    // One account runs one job at a time: the first hangs in `pinning`, the second waits `queued`.
    ids.pinning = (await server.api.post('/psa/pins', { cid: HANG_CIDS[0], name: 'slow' }, { token })).body.requestid;
    await psaPinUntil(server, token, ids.pinning!, (r) => r.body.status === 'pinning');
    ids.queued = (await server.api.post('/psa/pins', { cid: HANG_CIDS[1], name: 'waiting' }, { token })).body.requestid;
  }, 120_000);
  afterAll(() => server?.close());

  it('lists only pinned requests by default, newest first, and filters by status lists', async () => {
    expect(await requestids('')).toEqual([ids.d, ids.c, ids.b, ids.a]);
    expect((await list('?status=failed')).results).toEqual([expect.objectContaining({ requestid: ids.failed, status: 'failed' })]);
    expect(await requestids('?status=queued')).toEqual([ids.queued]);
    expect(await requestids('?status=pinning')).toEqual([ids.pinning]);
    expect(await requestids('?status=queued,pinning')).toEqual([ids.queued, ids.pinning]);
    expect(await requestids('?status=queued&status=failed')).toEqual([ids.queued, ids.failed]);
    expect((await list('?status=queued,pinning,pinned,failed')).count).toBe(7);
  });

  it('filters by CIDs, comma-separated or repeated, in any CID form', async () => {
    expect(await requestids(`?cid=${cids.a},${cids.c}`)).toEqual([ids.c, ids.a]);
    expect(await requestids(`?cid=${cids.a}&cid=${cids.b}`)).toEqual([ids.b, ids.a]);
    expect(await requestids(`?cid=${CID.parse(cids.b!).toString(base58btc)}`)).toEqual([ids.b]);
    expect(await requestids(`?cid=${FAIL_CID}&status=failed`)).toEqual([ids.failed]);
    expect(await requestids(`?cid=${FAIL_CID}`)).toEqual([]);
  });

  it('matches names exactly, case-insensitively, partially or both', async () => {
    const byName = (name: string, match?: string) =>
      requestids(`?status=queued,pinning,pinned,failed&name=${encodeURIComponent(name)}${match ? `&match=${match}` : ''}`);
    expect(await byName('alpha notes')).toEqual([ids.b]);
    expect(await byName('Alpha notes')).toEqual([]);
    expect(await byName('ALPHA NOTES', 'iexact')).toEqual([ids.b]);
    expect(await byName('Alpha', 'partial')).toEqual([ids.a]);
    expect(await byName('lpha', 'partial')).toEqual([ids.b, ids.a]);
    expect(await byName('ALPHA', 'ipartial')).toEqual([ids.b, ids.a]);
    // LIKE wildcards mean themselves.
    expect(await byName('100%', 'partial')).toEqual([ids.c]);
    expect(await byName('%', 'partial')).toEqual([ids.c]);
    expect(await byName('_', 'ipartial')).toEqual([]);
    expect(await byName('slow', 'exact')).toEqual([ids.pinning]);
  });

  it('matches meta: every key given, with the same value', async () => {
    const byMeta = (meta: object) => requestids(`?meta=${encodeURIComponent(JSON.stringify(meta))}`);
    expect(await byMeta({ app: 'a' })).toEqual([ids.b, ids.a]);
    expect(await byMeta({ app: 'a', env: 'prod' })).toEqual([ids.a]);
    expect(await byMeta({ app: 'zzz' })).toEqual([]);
    expect(await byMeta({})).toEqual([ids.d, ids.c, ids.b, ids.a]);
    const a = (await server.api.get(`/psa/pins/${ids.a}`, { token })).body;
    expect(a.pin.meta).toEqual({ app: 'a', env: 'prod' });
  });

  it('pages by limit and before, and cuts by after; count is every match', async () => {
    const first = await list('?limit=2');
    expect(first.count).toBe(4);
    expect(first.results.map((r) => r.requestid)).toEqual([ids.d, ids.c]);
    const seen: string[] = [];
    let query = '?status=queued,pinning,pinned,failed&limit=3';
    for (let page = 0; page < 5; page++) {
      const { count, results } = await list(query);
      seen.push(...results.map((r) => r.requestid));
      if (count === results.length) break;
      query = `?status=queued,pinning,pinned,failed&limit=3&before=${encodeURIComponent(results.at(-1)!.created)}`;
    }
    expect(seen).toEqual([ids.queued, ids.pinning, ids.failed, ids.d, ids.c, ids.b, ids.a]);
    const b = (await server.api.get(`/psa/pins/${ids.b}`, { token })).body;
    expect(await requestids(`?after=${encodeURIComponent(b.created)}`)).toEqual([ids.d, ids.c]);
    expect(await requestids(`?after=${encodeURIComponent(b.created)}&before=${encodeURIComponent(b.created)}`)).toEqual([]);
    // An offset timestamp means the same instant.
    const offset = new Date(Date.parse(b.created) + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    expect(await requestids(`?after=${encodeURIComponent(offset)}`)).toEqual([ids.d, ids.c]);
  });

  it('refuses malformed filters with 400', async () => {
    const bad = async (query: string, reason = 'BAD_REQUEST') =>
      expectPsaError(await server.api.get(`/psa/pins${query}`, { token }), 400, reason);
    await bad('?limit=0');
    await bad('?limit=1001');
    await bad('?limit=ten');
    await bad('?status=done');
    await bad('?match=fuzzy&name=x');
    await bad('?meta=not-json');
    await bad(`?meta=${encodeURIComponent('["a"]')}`);
    await bad(`?meta=${encodeURIComponent('{"a":1}')}`);
    await bad('?before=yesterday');
    await bad(`?name=${'n'.repeat(256)}`);
    await bad(`?cid=${Array.from({ length: 11 }, () => cids.a).join(',')}`);
    await bad('?cid=not-a-cid', 'INVALID_CID');
    expect((await list('?limit=1000')).results).toHaveLength(4);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { CID } from 'multiformats/cid';
import { identity as identityHash } from 'multiformats/hashes/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestLimits } from '../commands/limits/request-limits';
import type { RequestLimits } from '../config/config';
import { createDb } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { SharedLimiters } from '../lib/shared-limiters';
import { createApiToken, createUser, fileForm, insertPlan, uploadFile, type TestUser } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { expectPsaError } from '../../test/psa';
import { serverSuite } from '../../test/suites';

const WINDOW_SECONDS = 60;

/** Small limits, only those named on (the rest 0, off). */
function limits(on: {
  api?: Partial<RequestLimits['api']>;
  psa?: Partial<RequestLimits['psa']>;
  gateway?: Partial<RequestLimits['gateway']>;
  s3?: Partial<RequestLimits['s3']>;
}) {
  return {
    windowSeconds: WINDOW_SECONDS,
    api: { perIp: 0, perToken: 0, ...on.api },
    psa: { perIp: 0, perToken: 0, ...on.psa },
    gateway: { perIp: 0, perCid: 0, ...on.gateway },
    s3: { perIp: 0, perToken: 0, ...on.s3 },
  };
}

/** A client address of its own for each test: the server trusts X-Forwarded-For (TRUST_PROXY). */
let lastIp = 0;
const newIp = () => `198.51.100.${++lastIp}`;
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

function expectRateLimited(res: { status: number; headers: Headers }, limit: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(res.headers.get('ratelimit-limit')).toBe(String(limit));
  expect(res.headers.get('ratelimit-remaining')).toBe('0');
}

describe.each(DRIVERS)('request limits (%s)', (driver) => {
  const suite = serverSuite(driver, { trustProxy: true });
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let cid: string;
  let otherCid: string;

  beforeAll(async () => {
    server = suite.server;
    // Accounts and content first, with every limit off (as the harness starts it).
    alice = await createUser(server);
    bob = await createUser(server);
    cid = (await uploadFile(server, alice, 'a.txt', 'limited content')).cid;
    otherCid = (await uploadFile(server, alice, 'b.txt', 'other content')).cid;
  });
  const use = (settings: RequestLimits) => {
    server.app.config.requestLimits = settings;
  };

  it('refuses an address past its API limit with 429, Retry-After and the RateLimit headers; another address goes on', async () => {
    use(limits({ api: { perIp: 3 } }));
    const ip = newIp();
    for (let i = 0; i < 3; i++) expect((await server.api.get('/api/v2/locales/languages', from(ip))).status).toBe(200);
    const refused = await server.api.get('/api/v2/locales/languages', from(ip));
    expectRateLimited(refused, 3);
    expect(refused.body.code).toBe('rate_limited');
    // Refused before anything else: a route that needs a token does not get to say 401.
    expectRateLimited(await server.api.get('/api/v2/users/me', from(ip)), 3);
    expect((await server.api.get('/api/v2/locales/languages', from(newIp()))).status).toBe(200);
  });

  it("refuses a token past its limit, whatever address it comes from; another token, even the same account's, goes on", async () => {
    use(limits({ api: { perToken: 3 } }));
    const token = (await createApiToken(server, alice)).token;
    for (let i = 0; i < 3; i++) expect((await server.api.get('/api/v2/users/me', { token, ...from(newIp()) })).status).toBe(200);
    const refused = await server.api.get('/api/v2/users/me', { token, ...from(newIp()) });
    expectRateLimited(refused, 3);
    expect(refused.body.code).toBe('rate_limited');
    expect((await server.api.get('/api/v2/users/me', { token: bob.token })).status).toBe(200);
    const second = (await createApiToken(server, alice)).token;
    expect((await server.api.get('/api/v2/users/me', { token: second })).status).toBe(200);
  });

  it('refuses an upload past the limit before reading it: no record, no charge', async () => {
    const uploader = await createUser(server);
    use(limits({ api: { perToken: 1 } }));
    const upload = () =>
      server.api.request('POST', '/api/v2/upload', {
        token: uploader.token,
        body: fileForm([{ name: 'r.txt', content: `refused ${driver}` }]),
      });
    expect((await server.api.get('/api/v2/users/me', { token: uploader.token })).status).toBe(200);
    expectRateLimited(await upload(), 1);
    use(limits({}));
    const mine = await server.api.get('/api/v2/users/me/uploads', { token: uploader.token });
    expect(mine.body.total).toBe(0);
    const usage = await server.api.get('/api/v2/users/me/usage', { token: uploader.token });
    expect(usage.body.used).toBe(0);
  });

  it("lifts the per-token limit by the account's plan: a factor multiplies it, 0 turns it off", async () => {
    use(limits({ api: { perToken: 2 } }));
    await insertPlan(server, { code: `double-${driver}`, storage_limit_bytes: 1e9, request_limit_factor: 2 });
    await insertPlan(server, { code: `unlimited-${driver}`, storage_limit_bytes: 1e9, request_limit_factor: 0 });
    const doubled = await createUser(server);
    const unlimited = await createUser(server);
    await server.app.db
      .updateTable('users')
      .set({ plan_code: `double-${driver}` })
      .where('id', '=', doubled.id)
      .execute();
    await server.app.db
      .updateTable('users')
      .set({ plan_code: `unlimited-${driver}` })
      .where('id', '=', unlimited.id)
      .execute();
    const plain = await createUser(server);
    for (let i = 0; i < 2; i++) expect((await server.api.get('/api/v2/users/me', { token: plain.token })).status).toBe(200);
    expectRateLimited(await server.api.get('/api/v2/users/me', { token: plain.token }), 2);
    for (let i = 0; i < 4; i++) expect((await server.api.get('/api/v2/users/me', { token: doubled.token })).status).toBe(200);
    expectRateLimited(await server.api.get('/api/v2/users/me', { token: doubled.token }), 4);
    for (let i = 0; i < 8; i++) expect((await server.api.get('/api/v2/users/me', { token: unlimited.token })).status).toBe(200);
  });

  it("answers the Pinning Service API's error shape, per address and per token", async () => {
    use(limits({ psa: { perIp: 2 } }));
    const ip = newIp();
    for (let i = 0; i < 2; i++) expect((await server.api.get('/psa/pins', { token: alice.token, ...from(ip) })).status).toBe(200);
    const refused = await server.api.get('/psa/pins', { token: alice.token, ...from(ip) });
    expectPsaError(refused, 429, 'RATE_LIMITED');
    expectRateLimited(refused, 2);
    // The API's own limits are apart from the PSA's.
    expect((await server.api.get('/api/v2/users/me', { token: alice.token, ...from(ip) })).status).toBe(200);

    use(limits({ psa: { perToken: 2 } }));
    const token = (await createApiToken(server, bob)).token;
    for (let i = 0; i < 2; i++) expect((await server.api.get('/psa/pins', { token, ...from(newIp()) })).status).toBe(200);
    expectPsaError(await server.api.get('/psa/pins', { token, ...from(newIp()) }), 429, 'RATE_LIMITED');
    expect((await server.api.get('/psa/pins', { token: bob.token })).status).toBe(200);
  });

  it('limits the gateway per address, and per root CID over every address as the public gateways do', async () => {
    use(limits({ gateway: { perIp: 2 } }));
    const ip = newIp();
    for (let i = 0; i < 2; i++) expect((await server.api.get(`/ipfs/${cid}`, from(ip))).status).toBe(200);
    const refused = await server.api.get(`/ipfs/${otherCid}`, from(ip));
    expectRateLimited(refused, 2);
    expect(refused.body.code).toBe('rate_limited');
    // A page that fetched it cross-origin may read why, and for how long.
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(refused.headers.get('access-control-expose-headers')).toContain('Retry-After');
    expect((await server.api.get(`/ipfs/${otherCid}`, from(newIp()))).status).toBe(200);

    use(limits({ gateway: { perCid: 3 } }));
    for (let i = 0; i < 3; i++) expect((await server.api.get(`/ipfs/${otherCid}/`, from(newIp()))).status).toBe(200);
    expectRateLimited(await server.api.get(`/ipfs/${otherCid}`, from(newIp())), 3);
    expect((await server.api.get(`/ipfs/${cid}`, from(newIp()))).status).toBe(200);
    // A long key (the longest identity CID the gateway takes) is counted by its digest, and still limited.
    const identity = CID.createV1(0x55, identityHash.digest(new TextEncoder().encode('x'.repeat(128)))).toString();
    expect(identity.length).toBeGreaterThan(200);
    use(limits({ gateway: { perCid: 1 } }));
    const first = await server.api.get(`/ipfs/${identity}`, { ...from(newIp()), unchecked: true });
    expect(first.status).not.toBe(429);
    expectRateLimited(await server.api.get(`/ipfs/${identity}`, { ...from(newIp()), unchecked: true }), 1);
  });

  it('leaves everything alone with every limit at 0', async () => {
    use(limits({}));
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await server.api.get('/api/v2/locales/languages', from(ip))).status).toBe(200);
  });
});

describe('request limits over two instances (pg)', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ driver: 'pg', config: { trustProxy: true } });
    b = await startTestServer({ driver: 'pg', config: { trustProxy: true }, shareWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts a token and an address once over both instances', async () => {
    const user = await createUser(a);
    a.app.config.requestLimits = limits({ api: { perToken: 3, perIp: 5 } });
    b.app.config.requestLimits = limits({ api: { perToken: 3, perIp: 5 } });
    expect((await a.api.get('/api/v2/users/me', { token: user.token })).status).toBe(200);
    expect((await b.api.get('/api/v2/users/me', { token: user.token })).status).toBe(200);
    expect((await a.api.get('/api/v2/users/me', { token: user.token })).status).toBe(200);
    expectRateLimited(await b.api.get('/api/v2/users/me', { token: user.token }), 3);

    const ip = newIp();
    for (const server of [a, b, a, b, a]) expect((await server.api.get('/api/v2/locales/languages', from(ip))).status).toBe(200);
    expectRateLimited(await b.api.get('/api/v2/locales/languages', from(ip)), 5);
  });

  it('keeps the counters in an unlogged table: no wait for the WAL on every request', async () => {
    const { rows } = await sql<{ relpersistence: string }>`select relpersistence from pg_class where relname = 'request_limits'`.execute(
      a.app.db,
    );
    expect(rows).toEqual([{ relpersistence: 'u' }]);
  });
});

describe('request limits over two connections to one SQLite file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-limits-'));
  const file = path.join(dir, 'cairn.sqlite');
  const dbs = [createDb({ driver: 'sqlite', file }), createDb({ driver: 'sqlite', file })];
  const settings = limits({ api: { perIp: 3 } });
  const noPlans = { requestLimitFactors: async () => new Map<string, number>() };
  const logger = { warn: () => undefined };
  beforeAll(() => migrateToLatest(dbs[0]!));
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.destroy()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shares the count, as two instances on one data directory would', async () => {
    const [one, two] = dbs.map((db) => createRequestLimits(() => settings, new SharedLimiters(db), noPlans, logger));
    await one!.byIp('api', '192.0.2.1');
    await two!.byIp('api', '192.0.2.1');
    await one!.byIp('api', '192.0.2.1');
    await expect(two!.byIp('api', '192.0.2.1')).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    await expect(two!.byIp('api', '192.0.2.2')).resolves.toBeUndefined();
  });
});

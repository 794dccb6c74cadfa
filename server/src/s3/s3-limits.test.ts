import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_REQUEST_LIMITS, type RequestLimits } from '../config/config';
import { createUser, insertPlan, type TestUser } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { createS3Key, s3Client, xmlText, type S3Response } from '../../test/s3-client';

const S3_ON = { s3: { port: 0, hostName: null, region: 'us-east-1' }, trustProxy: true };
const WINDOW_SECONDS = 60;

/** A client address of its own for each test (the server trusts X-Forwarded-For). */
let lastIp = 0;
const newIp = () => ({ 'X-Forwarded-For': `203.0.113.${++lastIp}` });

/** S3's answer to a client past its rate: 503 SlowDown (which the AWS SDKs retry), and when to come back. */
function expectSlowDown(res: S3Response, limit: number) {
  expect(res.status).toBe(503);
  expect(xmlText(res.text, 'Code')).toBe('SlowDown');
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(res.headers.get('ratelimit-limit')).toBe(String(limit));
}

describe.each(DRIVERS)('S3 API request limits (%s)', (driver) => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ driver, config: S3_ON });
    user = await createUser(server);
  });
  afterAll(() => server.close());
  const use = (s3: RequestLimits['s3']) => {
    server.app.config.requestLimits = { ...NO_REQUEST_LIMITS, windowSeconds: WINDOW_SECONDS, s3 };
  };

  it('refuses an access key past its limit from any address; another key, even the same account’s, goes on', async () => {
    const key = await createS3Key(server, user);
    const s3 = s3Client(server.s3Url!, key);
    use({ perIp: 0, perToken: 3 });
    for (let i = 0; i < 3; i++) expect((await s3.send('GET', '/', { headers: newIp() })).status).toBe(200);
    expectSlowDown(await s3.send('GET', '/', { headers: newIp() }), 3);
    // A request signed with a wrong secret for that key spends nothing of another key's allowance, nor its own.
    const second = s3Client(server.s3Url!, await createS3Key(server, user));
    const forged = s3Client(server.s3Url!, { accessKeyId: (await createS3Key(server, user)).accessKeyId, secretAccessKey: 'x'.repeat(40) });
    for (let i = 0; i < 5; i++) expect(xmlText((await forged.send('GET', '/')).text, 'Code')).toBe('SignatureDoesNotMatch');
    expect((await second.send('GET', '/')).status).toBe(200);
  });

  it('refuses an address past its limit before checking any signature, so unsigned floods cost nothing more', async () => {
    const s3 = s3Client(server.s3Url!, await createS3Key(server, user));
    use({ perIp: 2, perToken: 0 });
    const ip = newIp();
    expect((await s3.send('GET', '/', { headers: ip })).status).toBe(200);
    const unsigned = await fetch(`${server.s3Url}/`, { headers: ip });
    expect(xmlText(await unsigned.text(), 'Code')).toBe('AccessDenied');
    expectSlowDown(await s3.send('GET', '/', { headers: ip }), 2);
    // HEAD has no body: the status and the header say it.
    const head = await s3.send('HEAD', '/', { headers: ip });
    expect(head.status).toBe(503);
    expect(Number(head.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await s3.send('GET', '/', { headers: newIp() })).status).toBe(200);
  });

  it("raises a key's limit by its account's plan", async () => {
    await insertPlan(server, { code: `s3-double-${driver}`, storage_limit_bytes: 1e9, request_limit_factor: 2 });
    const doubled = await createUser(server);
    await server.app.db
      .updateTable('users')
      .set({ plan_code: `s3-double-${driver}` })
      .where('id', '=', doubled.id)
      .execute();
    const s3 = s3Client(server.s3Url!, await createS3Key(server, doubled));
    use({ perIp: 0, perToken: 2 });
    for (let i = 0; i < 4; i++) expect((await s3.send('GET', '/')).status).toBe(200);
    expectSlowDown(await s3.send('GET', '/'), 4);
  });
});

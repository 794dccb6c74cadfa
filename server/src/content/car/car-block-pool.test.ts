import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carBytes, rawBlock, unixfsFile } from '../../../test/cars';
import { createUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { CarBlockPool } from './car-block-pool';

describe('CarBlockPool', () => {
  it('lets one account hold its share, the process its total, and gives blocks back', () => {
    const pool = new CarBlockPool(5, 3);
    for (let i = 0; i < 3; i++) pool.take('a');
    expect(() => pool.take('a')).toThrow(expect.objectContaining({ status: 503, code: 'busy' }));
    pool.take('b');
    pool.take('b');
    expect(() => pool.take('c')).toThrow(expect.objectContaining({ status: 503, code: 'busy' }));
    pool.release('a', 3);
    expect(pool.held).toBe(2);
    pool.take('c');
    pool.release('b', 2);
    pool.release('c', 1);
    expect(pool.held).toBe(0);
  });
});

describe.each(DRIVERS)('POST /api/v2/upload/car under the memory a CAR check may hold (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, config: { carCheckBlocks: { process: 8, account: 4 } } });
  });
  afterAll(() => server.close());

  it('answers 503 busy with Retry-After past the account share, keeps nothing, and takes the CAR once blocks are back', async () => {
    const user = await createUser(server);
    const post = async (car: Uint8Array) =>
      server.api.request('POST', '/api/v2/upload/car', {
        token: user.token,
        body: car,
        headers: { 'content-type': 'application/vnd.ipld.car' },
      });
    const big = await unixfsFile([1, 2, 3, 4].map((seed) => Uint8Array.from({ length: 100 }, (_, i) => (i * seed) % 251)));
    const refused = await post(await carBytes([big.root.cid], [big.root, ...big.leaves]));
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('busy');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await server.api.get('/api/v2/users/me/usage', { token: user.token })).body.used).toBe(0);
    expect(server.app.carBlocks.held).toBe(0);
    const small = await rawBlock(Uint8Array.of(1, 2, 3));
    expect((await post(await carBytes([small.cid], [small]))).status).toBe(201);
    expect(server.app.carBlocks.held).toBe(0);
  });
});

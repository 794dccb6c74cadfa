import { beforeAll, describe, expect, it } from 'vitest';
import { apiRouter } from '../../app';
import { createAdmin, createApiToken, createUser, type TestUser } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { serverSuite, withAdmin } from '../../../test/suites';

const ID = '3b241101-e2bb-4255-8caf-4136c566a962';

/** Every admin operation the router serves, with its path parameters filled in. */
const adminOperations = () =>
  apiRouter()
    .stack.filter((layer) => typeof layer.path === 'string' && layer.path.startsWith('/api/v2/admin') && layer.methods.length > 0)
    .flatMap((layer) =>
      layer.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, path: (layer.path as string).replace(/:code\b/, 'free').replace(/:[A-Za-z]+/, ID) })),
    );

describe.each(DRIVERS)('admin access (%s)', (driver) => {
  const suite = withAdmin(serverSuite(driver));
  let user: TestUser;
  let userApiToken: string;
  beforeAll(async () => {
    user = await createUser(suite.server);
    userApiToken = (await createApiToken(suite.server, user)).token;
  });

  it('covers every admin operation', () => {
    expect(adminOperations().length).toBeGreaterThanOrEqual(15);
  });

  it('refuses every admin operation to anyone but an administrator', async () => {
    for (const { method, path } of adminOperations()) {
      const json = method === 'GET' || method === 'DELETE' ? undefined : {};
      const anonymous = await suite.server.api.request(method, path, { json });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      for (const token of [user.token, userApiToken]) {
        const res = await suite.server.api.request(method, path, { token, json });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body).toEqual({ error: 'Access denied. Admin privileges required.', code: 'admin_required' });
      }
    }
    // Nothing a refused request asked for happened.
    const plan = await suite.server.app.stores.plans.findByCode('free');
    expect(plan).toMatchObject({ active: 1, is_default: 1 });
    expect(await suite.server.app.db.selectFrom('logs').select('id').where('action', '=', 'prune_logs').execute()).toEqual([]);
  });

  it('lets an administrator in with a session or an API token, and locks a demoted one out at the next request', async () => {
    const adminToken = (await createApiToken(suite.server, suite.admin)).token;
    for (const token of [suite.admin.token, adminToken]) {
      for (const path of ['stats', 'users', 'files', 'logs', 'plans', 'tokens', 'referrals', 'rewards']) {
        const res = await suite.server.api.get(`/api/v2/admin/${path}`, { token });
        expect(res.status, path).toBe(200);
      }
    }
    const other = await createAdmin(suite.server);
    await suite.server.app.stores.users.update(other.id, { role: 'user' });
    const demoted = await suite.server.api.get('/api/v2/admin/stats', { token: other.token });
    expect(demoted.status).toBe(403);
    expect(demoted.body.code).toBe('admin_required');
  });
});

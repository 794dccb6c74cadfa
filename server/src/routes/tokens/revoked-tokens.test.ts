import { describe, expect, it } from 'vitest';
import { createApiToken, createUser } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { serverSuite } from '../../../test/suites';

describe.each(DRIVERS)('DELETE /api/v2/tokens/revoked (%s)', (driver) => {
  const suite = serverSuite(driver);
  const api = () => suite.server.api;

  it("removes the caller's revoked tokens only, leaving live ones and other accounts' alone", async () => {
    const user = await createUser(suite.server);
    const other = await createUser(suite.server);
    const kept = await createApiToken(suite.server, user, { name: 'kept', expiresInDays: 30 });
    const gone = await createApiToken(suite.server, user, { name: 'gone', expiresInDays: 30 });
    const theirs = await createApiToken(suite.server, other, { name: 'theirs', expiresInDays: 30 });
    expect((await api().delete(`/api/v2/tokens/${gone.id}`, { token: user.token })).status).toBe(200);
    expect((await api().delete(`/api/v2/tokens/${theirs.id}`, { token: other.token })).status).toBe(200);

    const res = await api().delete('/api/v2/tokens/revoked', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ removed: 1 });
    const names = (await api().get('/api/v2/tokens', { token: user.token })).body.tokens.map((t: { name: string }) => t.name);
    expect(names).toEqual(['kept']);
    expect((await api().get('/api/v2/tokens', { token: other.token })).body.tokens).toHaveLength(1);
    expect((await api().get('/api/v2/users/me', { token: kept.token })).status).toBe(200);

    expect((await api().delete('/api/v2/tokens/revoked', { token: user.token })).body).toEqual({ removed: 0 });
    expect((await api().delete('/api/v2/tokens/revoked')).status).toBe(401);
  });
});

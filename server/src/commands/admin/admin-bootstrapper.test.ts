import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { adminBootstrapper } from './admin-bootstrapper';

describe.each(DRIVERS)('adminBootstrapper (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  it('creates one admin with a generated password on the first start only', async () => {
    const first = await adminBootstrapper(server.app);
    expect(first).toMatchObject({ email: 'admin@cairn.local', created: true });
    expect(first?.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    // Kept for the operator in the data directory, readable by the server's user only.
    const file = path.join(server.dataDir, 'initial-admin-password');
    expect(first?.passwordFile).toBe(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${first!.generatedPassword}\n`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const login = await server.api.post('/api/v2/auth/login', { email: 'admin@cairn.local', password: first!.generatedPassword });
    expect(login.status).toBe(200);
    expect((await server.api.get('/api/v2/users/me', { token: login.body.token })).body.role).toBe('admin');
    expect(await adminBootstrapper(server.app)).toBeNull();
    expect(fs.readFileSync(file, 'utf8')).toBe(`${first!.generatedPassword}\n`);
  });

  it('creates or promotes the ADMIN_EMAIL account', async () => {
    const app = { ...server.app, config: { ...server.app.config, admin: { email: 'ops@example.com', password: 'ops-password' } } };
    expect(await adminBootstrapper(app)).toEqual({ email: 'ops@example.com', created: true });
    await server.app.stores.users.update((await server.app.stores.users.findByEmail('ops@example.com'))!.id, { role: 'user' });
    expect(await adminBootstrapper(app)).toEqual({ email: 'ops@example.com', created: false });
    expect((await server.app.stores.users.findByEmail('ops@example.com'))?.role).toBe('admin');
  });
});

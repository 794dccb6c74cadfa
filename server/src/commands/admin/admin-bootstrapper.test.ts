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

describe.each(DRIVERS)('adminBootstrapper, two instances starting at once on a fresh database (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  it('makes one admin with a generated password: the other instance starts too, and keeps no password of its own', async () => {
    const otherDir = fs.mkdtempSync(path.join(server.dataDir, 'other-instance-'));
    const other = { ...server.app, config: { ...server.app.config, dataDir: otherDir } };
    const results = await Promise.all([adminBootstrapper(server.app), adminBootstrapper(other)]);
    const made = results.filter((result) => result !== null);
    expect(made).toHaveLength(1);
    expect(await server.app.stores.users.countAdmins()).toBe(1);
    const files = [server.dataDir, otherDir].filter((dir) => fs.existsSync(path.join(dir, 'initial-admin-password')));
    expect(files).toEqual([path.dirname(made[0]!.passwordFile!)]);
    const login = await server.api.post('/api/v2/auth/login', { email: 'admin@cairn.local', password: made[0]!.generatedPassword });
    expect(login.status).toBe(200);
  });

  it('with ADMIN_EMAIL, both instances start and one account is made', async () => {
    const app = { ...server.app, config: { ...server.app.config, admin: { email: 'both@example.com', password: 'both-password' } } };
    const results = await Promise.all([adminBootstrapper(app), adminBootstrapper(app)]);
    expect(results.map((result) => result?.created).sort()).toEqual([false, true]);
    expect((await server.app.stores.users.findByEmail('both@example.com'))?.role).toBe('admin');
  });
});

import { S3_KEYS_MAX } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createUser, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { resolveS3Key } from '../../commands/s3-keys/s3-key-resolver';
import { newAccessKeyId, newSecretAccessKey, s3KeySecrets } from '../../commands/s3-keys/s3-key-secrets';
import { newId } from '../../lib/ids';

const KEYS = '/api/v2/s3/keys';

interface CreatedKey {
  id: string;
  name: string;
  accessKeyId: string;
  secretAccessKey: string;
  readOnly: boolean;
  createdAt: string;
  lastUsedAt: null;
}

describe.each(DRIVERS)('S3 access keys (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, config: { s3: { port: 0, hostName: null, region: 'us-east-1' } } });
  });
  afterAll(() => server.close());

  const api = () => server.api;
  const create = async (user: TestUser, body: Record<string, unknown> = { name: 'backups' }) => {
    const res = await api().post(KEYS, body, { token: user.token });
    expect(res.status, res.text).toBe(201);
    return res.body as CreatedKey;
  };
  /** Fills the account up to `count` keys straight in the store, each sealed as the API would. */
  const fill = async (user: TestUser, count: number) => {
    for (let i = 0; i < count; i++) {
      await server.app.stores.s3Keys.insert({
        id: newId(),
        user_id: user.id,
        access_key_id: newAccessKeyId(),
        secret_ciphertext: await s3KeySecrets.seal(server.app, newSecretAccessKey()),
        name: `filler ${i}`,
        read_only: 0,
        created_at: new Date().toISOString(),
        last_used_at: null,
      });
    }
  };

  it('shows the secret once, lists keys without it, keeps it sealed, and says where S3 clients connect', async () => {
    const user = await createUser(server);
    const created = await create(user, { name: '  backups  ', readOnly: true });
    expect(created).toMatchObject({ name: 'backups', readOnly: true, lastUsedAt: null });
    expect(created.accessKeyId).toMatch(/^CRN[A-Z0-9]{17}$/);
    expect(created.secretAccessKey).toMatch(/^[A-Za-z0-9+/]{40}$/);
    const writer = await create(user, { name: 'writer' });
    expect(writer.readOnly).toBe(false);

    const listed = await api().get(KEYS, { token: user.token });
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(created.secretAccessKey);
    expect(listed.text).not.toContain(writer.secretAccessKey);
    const { secretAccessKey: _secret, ...shown } = created;
    expect(listed.body.keys).toHaveLength(2);
    expect(listed.body.keys).toContainEqual(shown);
    expect(server.config.s3!.port).toBeGreaterThan(0);
    expect(listed.body.endpoint).toBe(`http://127.0.0.1:${server.config.s3!.port}`);
    expect(listed.body.region).toBe('us-east-1');

    const stored = await server.app.db.selectFrom('s3_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(created.secretAccessKey);
    expect(stored.read_only).toBe(1);
    // What the S3 API checks signatures with: the same secret, opened from its sealed form.
    const resolved = await resolveS3Key(server.app, created.accessKeyId);
    expect(resolved?.secret).toBe(created.secretAccessKey);
    expect(resolved?.key.user_id).toBe(user.id);

    const logs = await server.app.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('action', '=', 'create_s3_key')
      .execute();
    expect(logs).toHaveLength(2);
    expect(logs.map((log) => log.details).join()).not.toContain(created.secretAccessKey);
    expect(logs.map((log) => JSON.parse(log.details!).accessKeyId)).toContain(created.accessKeyId);
  });

  it('names the endpoint by S3_HOST, over the scheme of the public URL', async () => {
    const user = await createUser(server);
    const { s3 } = server.app.config;
    const selfUrl = server.app.selfUrl;
    try {
      s3!.hostName = 's3.example.org';
      expect((await api().get(KEYS, { token: user.token })).body.endpoint).toBe('http://s3.example.org');
      server.app.selfUrl = 'https://cairn.example.org';
      expect((await api().get(KEYS, { token: user.token })).body.endpoint).toBe('https://s3.example.org');
      s3!.hostName = null;
      expect((await api().get(KEYS, { token: user.token })).body.endpoint).toBe(`https://cairn.example.org:${s3!.port}`);
    } finally {
      s3!.hostName = null;
      server.app.selfUrl = selfUrl;
    }
  });

  it('deletes a key at once: gone from the list, and the S3 API no longer finds it', async () => {
    const user = await createUser(server);
    const created = await create(user);
    expect(await resolveS3Key(server.app, created.accessKeyId)).not.toBeNull();

    const deleted = await api().delete(`${KEYS}/${created.id}`, { token: user.token });
    expect(deleted.status, deleted.text).toBe(204);
    expect(deleted.text).toBe('');
    expect((await api().get(KEYS, { token: user.token })).body.keys).toEqual([]);
    expect(await resolveS3Key(server.app, created.accessKeyId)).toBeNull();
    const again = await api().delete(`${KEYS}/${created.id}`, { token: user.token });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('s3_key_not_found');

    const logs = await server.app.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('action', '=', 'delete_s3_key')
      .execute();
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]!.details!)).toEqual({ keyId: created.id, name: 'backups', accessKeyId: created.accessKeyId });
  });

  it("does not show, or delete, another account's key", async () => {
    const owner = await createUser(server);
    const other = await createUser(server);
    const created = await create(owner);
    expect((await api().get(KEYS, { token: other.token })).body.keys).toEqual([]);
    for (const id of [created.id, 'not-a-uuid', newId()]) {
      const res = await api().delete(`${KEYS}/${id}`, { token: other.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'S3 key not found', code: 's3_key_not_found' });
    }
    expect(await resolveS3Key(server.app, created.accessKeyId)).not.toBeNull();
    expect((await api().get(KEYS, { token: owner.token })).body.keys).toHaveLength(1);
  });

  it(`holds an account to ${S3_KEYS_MAX} keys, even when the last ones are asked for at once`, async () => {
    const user = await createUser(server);
    await fill(user, S3_KEYS_MAX - 2);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => api().post(KEYS, { name: `racer ${i}` }, { token: user.token })));
    expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    for (const res of answers.filter((answer) => answer.status === 409)) {
      expect(res.body).toEqual({ error: `An account may have at most ${S3_KEYS_MAX} S3 access keys`, code: 's3_key_limit_reached' });
    }
    expect(await server.app.stores.s3Keys.countForUser(user.id)).toBe(S3_KEYS_MAX);

    // A deleted key frees its place.
    const listed = await api().get(KEYS, { token: user.token });
    expect(listed.body.keys).toHaveLength(S3_KEYS_MAX);
    expect((await api().delete(`${KEYS}/${listed.body.keys[0].id}`, { token: user.token })).status).toBe(204);
    await create(user, { name: 'in its place' });
    // The limit is the account's own: another account is not held by it.
    await create(await createUser(server));
  });

  it('refuses an invalid name or readOnly, and stores nothing', async () => {
    const user = await createUser(server);
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 42 },
      { name: 'ok', readOnly: 'yes' },
      { name: 'a\u0000b' },
    ]) {
      const res = await api().post(KEYS, body, { token: user.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
    expect((await create(user, { name: 'x'.repeat(100) })).name).toHaveLength(100);
    const badJson = await api().request('POST', KEYS, {
      token: user.token,
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body.code).toBe('invalid_json');
    expect(await server.app.stores.s3Keys.countForUser(user.id)).toBe(1);
  });

  it('needs a session or a full-access token: a scoped token is refused, and no credential at all', async () => {
    const user = await createUser(server);
    const scoped = await createApiToken(server, user, { name: 'scoped', expiresInDays: 1, scopes: ['files:read', 'files:write'] });
    for (const res of [
      await api().get(KEYS, { token: scoped.token }),
      await api().post(KEYS, { name: 'nope' }, { token: scoped.token }),
      await api().delete(`${KEYS}/${newId()}`, { token: scoped.token }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'insufficient_scope', scope: 'all' });
    }
    expect((await api().get(KEYS)).status).toBe(401);
    expect(await server.app.stores.s3Keys.countForUser(user.id)).toBe(0);

    const full = await createApiToken(server, user, { name: 'full', expiresInDays: 1, scopes: ['all'] });
    expect((await api().post(KEYS, { name: 'from a script' }, { token: full.token })).status).toBe(201);
  });
});

describe.each(DRIVERS)('S3 access keys on a server without the S3 API (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, config: { s3: null } });
  });
  afterAll(() => server.close());

  it('answers a null endpoint and the default region', async () => {
    const user = await createUser(server);
    const res = await server.api.get(KEYS, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ keys: [], endpoint: null, region: 'us-east-1' });
  });
});

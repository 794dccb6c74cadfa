import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKubo, type KuboNode } from '../../../../scripts/ipfs-local.mjs';
import { createClient } from '../../../test/client';
import { createUser, uploadFile, type TestUser } from '../../../test/factories';
import type { TestServer } from '../../../test/harness';
import { createTestDatabase } from '../../../test/pg';
import { eventually } from '../../../test/eventually';
import { TUS, tusCreate, tusOffset, tusPatch, tusPatchCut } from '../../../test/tus';
import { buildConfig, NO_REQUEST_LIMITS, type ServerConfig } from '../../config/config';
import { contentConfig } from '../../config/content-config';
import { createLogger } from '../../lib/logger';
import { startServer } from '../../server';

const MIB = 1024 * 1024;
const CREATE = '/api/v2/uploads/resumable';

/** A server that can be stopped and started again on the same data directory and database. */
async function boot(config: ServerConfig): Promise<TestServer> {
  const running = await startServer(config, createLogger('error'));
  return { ...running, config, dataDir: config.dataDir, api: createClient(running.url) };
}

describe.each(['embedded', 'kubo'] as const)('resumable uploads on the %s engine', (engine) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cairn-tus-${engine}-`));
  let kubo: KuboNode | null = null;
  let pg: Awaited<ReturnType<typeof createTestDatabase>> | null = null;
  let config: ServerConfig;
  let server: TestServer | null = null;
  let user: TestUser;

  beforeAll(async () => {
    const env: Record<string, string> = { port: '0', host: '127.0.0.1', dataDir: path.join(dir, 'data'), logLevel: 'error', staticDir: '' };
    let content: ServerConfig['content'] | undefined;
    if (engine === 'kubo') {
      kubo = await startKubo({ dir: path.join(dir, 'kubo') });
      pg = await createTestDatabase();
      env.databaseUrl = pg.url;
      content = contentConfig({ contentEngine: 'kubo', kuboApiUrl: kubo.apiUrl }, (message) => {
        throw new Error(message);
      });
    }
    const base = buildConfig(env);
    config = {
      ...base,
      requestLimits: NO_REQUEST_LIMITS,
      argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
      ...(content ? { content } : {}),
    };
    server = await boot(config);
    user = await createUser(server);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await kubo?.stop();
    await pg?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('keeps the partial upload across a restart of the server and records it once', async () => {
    const content = new Uint8Array(crypto.randomBytes(5 * MIB));
    const created = await tusCreate(server!.api, CREATE, content.length, { token: user.token, filename: 'restart.bin' });
    const location = created.headers.get('location')!;
    expect((await tusPatch(server!.api, location, 0, content.subarray(0, 2 * MIB), user.token)).status).toBe(204);

    await server!.close();
    server = await boot(config);

    expect(await tusOffset(server.api, location, user.token)).toBe(2 * MIB);
    const before = Number((await server.app.stores.users.findById(user.id))!.storage_reserved);
    expect(before).toBe(content.length); // still reserved after the restart
    const done = await tusPatch(server.api, location, 2 * MIB, content.subarray(2 * MIB), user.token);
    expect(done.status).toBe(200);
    const other = await createUser(server);
    expect(done.body.cid).toBe((await uploadFile(server, other, 'plain.bin', content)).cid);
    const list = await server.api.get('/api/v2/users/me/uploads', { token: user.token });
    expect(list.body.files.filter((f: { name: string }) => f.name === 'restart.bin')).toHaveLength(1);
  });

  it('resumes after the connection is cut in the middle of a PATCH', async () => {
    const content = new Uint8Array(crypto.randomBytes(4 * MIB));
    const created = await tusCreate(server!.api, CREATE, content.length, { token: user.token, filename: 'cut.bin' });
    const location = created.headers.get('location')!;
    await tusPatchCut(server!.url, location, 0, content, 3 * MIB, user.token);
    let offset = 0;
    await eventually('the upload has begun', async () => (offset = await tusOffset(server!.api, location, user.token)) > 0);
    const done = await tusPatch(server!.api, location, offset, content.subarray(offset), user.token);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ name: 'cut.bin', size: content.length, duplicate: false });
    const finished = await server!.api.request('HEAD', location, { token: user.token, headers: TUS });
    expect(finished.headers.get('upload-offset')).toBe(String(content.length));
  });
});

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS_BIN } from '../../../../scripts/build-tools.mjs';
import { startKubo, type KuboNode } from '../../../../scripts/ipfs-local.mjs';
import { createUser, fileForm, type TestUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';

const run = promisify(execFile);
const IPFS = path.join(TOOLS_BIN, 'ipfs');
const CLI_TIMEOUT_MS = 60_000;

/**
 * Kubo with Cairn as its only router (`Routing.Type=custom`, one HTTP router for every method),
 * exactly as its users would set it up: it resolves Cairn's names, finds Cairn's node as the
 * provider of their content and fetches it from there, and publishes a name whose key it imported
 * from Cairn back through Cairn. No DHT, no public network.
 */
describe('Kubo resolves and publishes Cairn names through the Delegated Routing API', () => {
  let server: TestServer;
  let kubo: KuboNode;
  let dir: string;
  let user: TestUser;

  async function ipfs(...args: string[]): Promise<string> {
    const { stdout } = await run(IPFS, args, { env: { ...process.env, IPFS_PATH: kubo.dir }, timeout: CLI_TIMEOUT_MS });
    return stdout;
  }
  const site = async (html: string): Promise<string> => {
    const res = await server.api.request('POST', '/api/v2/upload/directory', {
      token: user.token,
      body: fileForm([{ name: 'site/index.html', content: html }]),
    });
    expect(res.status, res.text).toBe(201);
    return res.body.cid as string;
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-kubo-routing-'));
    // The embedded engine on its defaults: listening on loopback, so Kubo can fetch from it.
    server = await startTestServer({ driver: 'sqlite' });
    user = await createUser(server);
    const repo = path.join(dir, 'kubo');
    const env = { ...process.env, IPFS_PATH: repo, IPFS_TELEMETRY: 'off' };
    await run(IPFS, ['init', '--profile=test', '--empty-repo'], { env });
    const router = { Type: 'http', Parameters: { Endpoint: server.url } };
    const methods = Object.fromEntries(
      ['find-providers', 'find-peers', 'get-ipns', 'put-ipns', 'provide'].map((method) => [method, { RouterName: 'cairn' }]),
    );
    for (const [key, value] of [
      ['Routing.Type', 'custom'],
      ['Routing.Routers', { cairn: router }],
      ['Routing.Methods', methods],
      ['Swarm.ConnMgr.GracePeriod', '10m'],
    ] as const) {
      await run(IPFS, ['config', '--json', key, JSON.stringify(value)], { env });
    }
    kubo = await startKubo({ dir: repo });
  });
  afterAll(async () => {
    await kubo?.stop();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('resolves a name Cairn publishes, follows it to a new value, and fetches the content from Cairn', async () => {
    const first = await site('<h1>first</h1>');
    const created = await server.api.post('/api/v2/names', { label: 'site' }, { token: user.token });
    const { id, name } = created.body as { id: string; name: string };
    await server.api.post(`/api/v2/names/${id}/publish`, { value: first, ttlSeconds: 1 }, { token: user.token });

    expect((await ipfs('name', 'resolve', '--nocache', `/ipns/${name}`)).trim()).toBe(`/ipfs/${first}`);
    expect(await ipfs('cat', `/ipns/${name}/index.html`)).toBe('<h1>first</h1>');

    const second = await site('<h1>second</h1>');
    await server.api.post(`/api/v2/names/${id}/publish`, { value: second, ttlSeconds: 1 }, { token: user.token });
    expect((await ipfs('name', 'resolve', '--nocache', `/ipns/${name}`)).trim()).toBe(`/ipfs/${second}`);
    expect(await ipfs('cat', `/ipns/${name}/index.html`)).toBe('<h1>second</h1>');
  });

  it('publishes, with the key exported from Cairn, a record that Cairn takes into the name history', async () => {
    const cid = await site('<h1>from kubo</h1>');
    const created = await server.api.post('/api/v2/names', { label: 'kubo-signed' }, { token: user.token });
    const { id, name } = created.body as { id: string; name: string };
    await server.api.post(`/api/v2/names/${id}/publish`, { value: cid }, { token: user.token });
    const exported = await server.api.get(`/api/v2/names/${id}/key`, { token: user.token });
    const keyFile = path.join(dir, 'name.key');
    fs.writeFileSync(keyFile, Buffer.from(exported.body.privateKey as string, 'base64'));
    await ipfs('key', 'import', 'cairn-site', '--format=libp2p-protobuf-cleartext', keyFile);

    // Cairn holds sequence 0 already: Kubo's record must come after it.
    const published = await ipfs('name', 'publish', '--key=cairn-site', '--ttl=1s', '--sequence=7', `/ipfs/${cid}`);
    expect(published).toContain(name);
    const history = await server.api.get(`/api/v2/names/${id}/history`, { token: user.token });
    expect(history.body.publications.map((p: { sequence: number; source: string }) => [p.sequence, p.source])).toEqual([
      [7, 'routing'],
      [0, 'publish'],
    ]);
    // The next publication in Cairn follows Kubo's.
    const next = await server.api.post(`/api/v2/names/${id}/publish`, { value: cid }, { token: user.token });
    expect(next.body.sequence).toBe(8);
  });
});

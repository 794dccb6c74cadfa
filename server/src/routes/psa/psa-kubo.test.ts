import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS_BIN } from '../../../../scripts/build-tools.mjs';
import { startKubo, type KuboNode } from '../../../../scripts/ipfs-local.mjs';
import { bytesOf } from '../../content/test-helpers';
import { createApiToken, createUser, uploadFile, type TestUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { psaSettled } from '../../../test/psa';

const run = promisify(execFile);
const IPFS = path.join(TOOLS_BIN, 'ipfs');
/** `ipfs pin remote add` waits until Cairn reports the pin pinned (or failed). */
const CLI_TIMEOUT_MS = 90_000;

/**
 * Kubo as the Pinning Service API client, exactly as its users run it: Cairn is added as a remote
 * pinning service, content that only this Kubo node holds is pinned remotely (Cairn fetches it from
 * the origins Kubo sends), listed by status, name and CID, and removed.
 */
describe('Kubo pins to Cairn through the Pinning Service API', () => {
  let server: TestServer;
  let kubo: KuboNode;
  let dir: string;
  let token: string;
  let user: TestUser;
  let userToken: string;

  async function ipfs(...args: string[]): Promise<string> {
    const { stdout } = await run(IPFS, args, { env: { ...process.env, IPFS_PATH: kubo.dir }, timeout: CLI_TIMEOUT_MS });
    return stdout;
  }
  const remoteLs = async (...filters: string[]) =>
    (await ipfs('pin', 'remote', 'ls', '--service=cairn', ...filters))
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t'));

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-psa-kubo-'));
    // The embedded engine on its defaults: listening on loopback, on a port the system picks.
    server = await startTestServer({ driver: 'sqlite', config: { pinTimeoutMs: 60_000 } });
    kubo = await startKubo({ dir: path.join(dir, 'kubo') });
    user = await createUser(server);
    userToken = user.token;
    token = (await createApiToken(server, user)).token;
    // A plain-http loopback endpoint: Kubo takes any http(s) URL as a service endpoint.
    await ipfs('pin', 'remote', 'service', 'add', 'cairn', `${server.url}/psa`, token);
  }, 120_000);
  afterAll(async () => {
    await kubo?.stop();
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('pins content only Kubo holds, lists it by status, name and CID, and removes it', { timeout: 240_000 }, async () => {
    const bytes = bytesOf(3 * 1024 * 1024 + 17, 91);
    const file = path.join(dir, 'only-on-kubo.bin');
    fs.writeFileSync(file, bytes);
    const cid = (await ipfs('add', '-q', '--cid-version=1', file)).trim();
    expect(await server.app.content.has(cid)).toBe(false);

    const added = await ipfs('pin', 'remote', 'add', '--service=cairn', '--name=x', cid);
    expect(added).toMatch(new RegExp(`CID:\\s+${cid}`));
    expect(added).toMatch(/Status:\s+pinned/);

    // Cairn holds the bytes now: its own gateway serves them, and the pin is a record in My files.
    const download = await fetch(`${server.url}/ipfs/${cid}`);
    expect(download.status).toBe(200);
    const got = Buffer.from(await download.arrayBuffer());
    expect(createHash('sha256').update(got).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    const files = (await server.api.get('/api/v2/users/me/uploads', { token: userToken })).body;
    expect(files.files).toEqual([expect.objectContaining({ cid, name: 'x', source: 'pin', size: bytes.byteLength })]);
    // Kubo sent its own addresses as origins.
    const listed = (await server.api.get('/psa/pins', { token })).body;
    expect(listed.results[0].pin.origins).toEqual(expect.arrayContaining([expect.stringContaining(`/p2p/${kubo.peerId}`)]));

    expect(await remoteLs('--status=pinned')).toEqual([[cid, 'pinned', 'x']]);
    expect(await remoteLs('--status=queued,pinning,failed')).toEqual([]);
    expect(await remoteLs('--status=queued,pinning,pinned,failed', '--name=x')).toEqual([[cid, 'pinned', 'x']]);
    expect(await remoteLs('--name=y')).toEqual([]);
    expect(await remoteLs(`--cid=${cid}`)).toEqual([[cid, 'pinned', 'x']]);
    expect(await ipfs('pin', 'remote', 'service', 'ls', '--stat')).toMatch(/cairn\s+\S+\/psa\s+0\/0\/1\/0/);

    await ipfs('pin', 'remote', 'rm', '--service=cairn', `--cid=${cid}`);
    expect(await remoteLs('--status=queued,pinning,pinned,failed')).toEqual([]);
    expect((await server.api.get('/api/v2/users/me/uploads', { token: userToken })).body.total).toBe(0);
    expect(await server.app.content.isPinned(cid)).toBe(false);
  });

  it('pin remote add, ls, a replace and rm on a file the account also uploaded leave the upload intact', { timeout: 240_000 }, async () => {
    const report = bytesOf(200_000, 77);
    const upload = await uploadFile(server, user, 'report.pdf', report);
    const cid = upload.cid;
    const intact = async () => {
      const files = (await server.api.get('/api/v2/users/me/uploads', { token: userToken })).body.files as Array<{
        cid: string;
        name: string;
      }>;
      expect(files).toContainEqual(expect.objectContaining({ cid, name: 'report.pdf' }));
      const served = await fetch(`${server.url}/ipfs/${cid}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(report)).toBe(true);
    };
    const all = '--status=queued,pinning,pinned,failed';

    // Exactly as reported: upload, pin the same CID remotely, remove the remote pin.
    expect(await ipfs('pin', 'remote', 'add', '--service=cairn', '--name=report.pdf', cid)).toMatch(/Status:\s+pinned/);
    expect(await remoteLs(all)).toEqual([[cid, 'pinned', 'report.pdf']]);
    await ipfs('pin', 'remote', 'rm', '--service=cairn', `--cid=${cid}`);
    expect(await remoteLs(all)).toEqual([]);
    await intact();

    // Pinned again, then replaced (Kubo's CLI has no replace: its HTTP call, with Kubo's own
    // addresses as origins, as Kubo sends them) by content only Kubo holds.
    await ipfs('pin', 'remote', 'add', '--service=cairn', '--name=report-v1', cid);
    const [old] = (await server.api.get(`/psa/pins?cid=${cid}`, { token })).body.results;
    const next = path.join(dir, 'report-v2.bin');
    fs.writeFileSync(next, bytesOf(150_000, 78));
    const nextCid = (await ipfs('add', '-q', '--cid-version=1', next)).trim();
    const origins = kubo.addresses.map((addr) => (addr.includes('/p2p/') ? addr : `${addr}/p2p/${kubo.peerId}`));
    const replaced = await server.api.post(`/psa/pins/${old.requestid}`, { cid: nextCid, name: 'report-v2', origins }, { token });
    expect(replaced.status).toBe(202);
    expect((await server.api.get(`/psa/pins/${old.requestid}`, { token })).status).toBe(404);
    expect((await psaSettled(server, token, replaced.body.requestid, 60_000)).status).toBe('pinned');
    expect(await remoteLs(all)).toEqual([[nextCid, 'pinned', 'report-v2']]);
    await intact();

    await ipfs('pin', 'remote', 'rm', '--service=cairn', '--name=report-v2');
    expect(await remoteLs(all)).toEqual([]);
    await intact();
    const files = (await server.api.get('/api/v2/users/me/uploads', { token: userToken })).body;
    expect(files.files.map((f: { cid: string }) => f.cid)).toEqual([cid]);
    expect((await server.api.get('/api/v2/users/me/usage', { token: userToken })).body.used).toBe(report.byteLength);
    await server.api.delete(`/api/v2/uploads/${upload.uploadId}`, { token: userToken });
  });

  it('fetches from the origins a client names, with no other route to the content', { timeout: 120_000 }, async () => {
    // A second Kubo node that Cairn has never met and that never dials Cairn: only `origins` lead to it.
    const source = await startKubo({ dir: path.join(dir, 'source') });
    try {
      const form = new FormData();
      form.append('file', new Blob([bytesOf(700_000, 12)]), 'origin.bin');
      const added = await fetch(`${source.apiUrl}/api/v0/add?cid-version=1&quiet=true`, { method: 'POST', body: form });
      const { Hash: cid } = (await added.json()) as { Hash: string };
      const origins = source.addresses.map((addr) => (addr.includes('/p2p/') ? addr : `${addr}/p2p/${source.peerId}`));
      const res = await server.api.post('/psa/pins', { cid, origins }, { token });
      expect(res.status).toBe(202);
      expect(await psaSettled(server, token, res.body.requestid, 60_000)).toMatchObject({ status: 'pinned', pin: { origins } });
      expect(await server.app.content.isPinned(cid)).toBe(true);
      expect((await server.api.delete(`/psa/pins/${res.body.requestid}`, { token })).status).toBe(202);
    } finally {
      await source.stop();
    }
  });

  it('shows a failed pin with --status=failed and removes it', { timeout: 120_000 }, async () => {
    await server.app.db.updateTable('users').set({ storage_used: 0 }).execute();
    // A file Kubo holds, but larger than the account's quota: the pin fails, Kubo reports it.
    await server.app.db
      .insertInto('plans')
      .values({
        code: 'tiny',
        name: 'tiny',
        storage_limit_bytes: 1000,
        price_cents: 0,
        description: '',
        active: 1,
        is_default: 0,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    await server.app.db.updateTable('users').set({ plan_code: 'tiny' }).execute();
    const file = path.join(dir, 'too-big.bin');
    fs.writeFileSync(file, bytesOf(5000, 3));
    const cid = (await ipfs('add', '-q', '--cid-version=1', file)).trim();
    await expect(ipfs('pin', 'remote', 'add', '--service=cairn', '--name=big', cid)).rejects.toThrow(/failed to pin/);
    expect(await remoteLs('--status=failed')).toEqual([[cid, 'failed', 'big']]);
    await ipfs('pin', 'remote', 'rm', '--service=cairn', '--status=failed', `--cid=${cid}`);
    expect(await remoteLs('--status=queued,pinning,pinned,failed')).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewRecords } from '../commands/names/republish';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startKubo, type KuboNode } from '../../../scripts/ipfs-local.mjs';
import { contentConfig } from '../config/content-config';
import { createUser, uploadFile, type TestUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { announceRecords } from './announce';

/**
 * Names on the kubo engine: each record Cairn signs reaches the engine's Kubo node (its routing;
 * the node is offline here, so its routing is its own datastore, which `routing get` reads back),
 * and records are signed again before half their validity has passed.
 */
describe('IPNS names on the kubo engine', () => {
  let server: TestServer;
  let kubo: KuboNode;
  let dir: string;
  let user: TestUser;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-names-kubo-'));
    kubo = await startKubo({ dir: path.join(dir, 'kubo'), offline: true });
    const refuse = (message: string): never => {
      throw new Error(message);
    };
    const content = contentConfig({ contentEngine: 'kubo', kuboApiUrl: kubo.apiUrl }, refuse);
    server = await startTestServer({ driver: 'sqlite', config: { content } });
    user = await createUser(server);
  });
  afterAll(async () => {
    await server?.close();
    await kubo?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** What the engine's Kubo node resolves the name to, from its own routing (it is offline). */
  const kuboResolves = async (name: string): Promise<string | null> => {
    const url = new URL('/api/v0/name/resolve', kubo.apiUrl);
    url.searchParams.set('arg', `/ipns/${name}`);
    url.searchParams.set('nocache', 'true');
    const res = await fetch(url, { method: 'POST' });
    return res.ok ? ((await res.json()) as { Path: string }).Path : null;
  };

  it('hands each published record to Kubo, and marks it announced', async () => {
    const { cid } = await uploadFile(server, user, 'a.txt', 'announced');
    const created = await server.api.post('/api/v2/names', { label: 'a' }, { token: user.token });
    const { id, name } = created.body as { id: string; name: string };
    await server.api.post(`/api/v2/names/${id}/publish`, { value: cid }, { token: user.token });
    // Publishing announces at once in the background; a pass announces whatever that missed.
    await announceRecords(server.app);
    expect(await kuboResolves(name)).toBe(`/ipfs/${cid}`);
    const row = await server.app.stores.ipns.findRecord(name);
    expect(row?.announced_at).not.toBeNull();
    expect(await server.app.stores.ipns.unannounced(10)).toEqual([]);
  });

  it('signs again a record past half its validity, with the same value and the next sequence, and announces it', async () => {
    const { cid } = await uploadFile(server, user, 'b.txt', 'renewed');
    const created = await server.api.post('/api/v2/names', { label: 'b' }, { token: user.token });
    const { id, name } = created.body as { id: string; name: string };
    await server.api.post(`/api/v2/names/${id}/publish`, { value: cid, validityHours: 2 }, { token: user.token });
    const now = Date.now();
    // Less than an hour gone: nothing to do.
    expect(await renewRecords(server.app, now + 30 * 60_000)).toBe(0);
    // Past an hour of two: signed again.
    expect(await renewRecords(server.app, now + 61 * 60_000)).toBe(1);
    const row = await server.app.stores.ipns.findRecord(name);
    expect(row).toMatchObject({ value: `/ipfs/${cid}`, sequence: '1', announced_at: null });
    // A renewal is no publication of the owner's: the history keeps the one publication.
    const history = await server.api.get(`/api/v2/names/${id}/history`, { token: user.token });
    expect(history.body.publications).toHaveLength(1);
    await announceRecords(server.app);
    expect((await server.app.stores.ipns.findRecord(name))?.announced_at).not.toBeNull();
    expect(await kuboResolves(name)).toBe(`/ipfs/${cid}`);
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKubo, type KuboNode } from '../../../scripts/ipfs-local.mjs';
import { startEngine } from '../../test/engines';
import { createEmbeddedContentStore } from './embedded-store';
import { ContentNotFoundError } from './errors';
import { bytesOf } from './test-helpers';
import type { ContentStore } from './types';

/** Adds bytes to a Kubo node only (CIDv1, raw leaves), as a client of the Pinning Service API would. */
async function addTo(kubo: KuboNode, bytes: Uint8Array): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'f.bin');
  const response = await fetch(`${kubo.apiUrl}/api/v0/add?cid-version=1&quiet=true`, { method: 'POST', body: form });
  return ((await response.json()) as { Hash: string }).Hash;
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Each engine fetches a pin from its `origins`: a Kubo node nobody connected it to, which holds
 * the content alone. Without the origins the same engine cannot find the content.
 */
describe.each(['embedded', 'kubo', 'cluster'] as const)('pin from origins (%s)', (name) => {
  let dir: string;
  let source: KuboNode;
  let store: ContentStore;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `cairn-origins-${name}-`));
    source = await startKubo({ dir: path.join(dir, 'source') });
    if (name === 'embedded') {
      const embedded = await createEmbeddedContentStore({
        dataDir: path.join(dir, 'embedded'),
        networking: { mode: 'peers', listen: ['/ip4/127.0.0.1/tcp/0'], peers: [] },
      });
      store = embedded;
      stop = () => embedded.close();
    } else {
      const engine = await startEngine(name, { peers: 1, replicationMin: 1, replicationMax: 1 });
      store = engine.store;
      stop = engine.stop;
    }
  }, 120_000);
  afterAll(async () => {
    await stop?.();
    await source?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fetches content only an origin holds, and only through it', { timeout: 90_000 }, async () => {
    const origins = source.addresses.map((addr) => (addr.includes('/p2p/') ? addr : `${addr}/p2p/${source.peerId}`));
    const alone = await addTo(source, bytesOf(300_000, 41));
    await expect(store.pin(alone, { timeoutMs: 3_000 })).rejects.toBeInstanceOf(ContentNotFoundError);

    const bytes = bytesOf(1_500_000, 42);
    const cid = await addTo(source, bytes);
    await store.pin(cid, { origins, timeoutMs: 30_000 });
    expect(await store.isPinned(cid)).toBe(true);
    const chunks: Uint8Array[] = [];
    for await (const chunk of store.cat(cid)) chunks.push(chunk);
    expect(sha(Buffer.concat(chunks))).toBe(sha(bytes));
  });
});

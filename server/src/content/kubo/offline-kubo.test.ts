import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKubo, type KuboNode } from '../../../../scripts/ipfs-local.mjs';
import { readBack } from '../../../test/engines';
import { bytesOf, chunks } from '../test-helpers';
import { createKuboContentStore } from './kubo-store';

/** A Kubo daemon run with `--offline`, as some keep theirs: it has no addresses to give, and Cairn works on it. */
describe('kubo engine on an offline Kubo', () => {
  let dir: string;
  let kubo: KuboNode;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-offline-kubo-'));
    kubo = await startKubo({ dir, offline: true });
  }, 120_000);
  afterAll(async () => {
    await kubo?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts, stores a file and reads it back through the gateway', async () => {
    const store = await createKuboContentStore({ apiUrl: kubo.apiUrl, gatewayUrl: kubo.gatewayUrl, offlineReads: true });
    expect(await store.multiaddrs()).toEqual([]);
    // Read from the node's own configuration: no bootstrap peers, routing `none`.
    expect(store.capabilities.announcesToPublicNetwork).toBe(false);
    const bytes = bytesOf(600_000, 7);
    const added = await store.addFile(chunks(bytes), { maxBytes: 1 << 20 });
    expect((await readBack(store, added.cid)).equals(bytes)).toBe(true);
  });
});

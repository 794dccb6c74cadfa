import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCluster, startKubo, type KuboNode, type LocalCluster } from '../../scripts/ipfs-local.mjs';
import { createClusterContentStore } from '../src/content/cluster/cluster-store';
import { createEmbeddedContentStore } from '../src/content/embedded-store';
import { createKuboContentStore } from '../src/content/kubo/kubo-store';
import type { ContentStore } from '../src/content/types';
import { contentConfig } from '../src/config/content-config';
import { collect } from '../src/content/test-helpers';
import { startTestServer, type Driver, type TestServer } from './harness';

export type EngineName = 'embedded' | 'kubo' | 'cluster';
export const ENGINES: EngineName[] = ['embedded', 'kubo', 'cluster'];

export interface EngineUnderTest {
  store: ContentStore;
  /** A Kubo node on the engine's network that can serve content to it, or fetch from it (null: embedded). */
  kubo: KuboNode | null;
  cluster: LocalCluster | null;
  /** Every CID the engine pins right now (recursive pins). */
  pins(): Promise<Set<string>>;
  stop(): Promise<void>;
}

async function kuboPins(kubo: KuboNode): Promise<Set<string>> {
  const response = await fetch(`${kubo.apiUrl}/api/v0/pin/ls?type=recursive`, { method: 'POST' });
  const body = (await response.json()) as { Keys?: Record<string, unknown> };
  return new Set(Object.keys(body.Keys ?? {}));
}

/**
 * A content engine on real daemons: the embedded node in a temporary directory, a Kubo daemon,
 * or a Cluster of `peers` Kubo + Cluster peers on loopback. Stopping removes everything.
 */
export async function startEngine(
  name: EngineName,
  options: { peers?: number; replicationMin?: number; replicationMax?: number } = {},
): Promise<EngineUnderTest> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cairn-engine-${name}-`));
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  if (name === 'embedded') {
    const store = await createEmbeddedContentStore({ dataDir: dir });
    return {
      store,
      kubo: null,
      cluster: null,
      pins: async () => new Set(), // the embedded index is checked through isPinned
      async stop() {
        await store.close();
        cleanup();
      },
    };
  }
  if (name === 'kubo') {
    const kubo = await startKubo({ dir: path.join(dir, 'kubo') });
    try {
      const store = await createKuboContentStore({ apiUrl: kubo.apiUrl, pinTimeoutMs: 20_000 });
      return {
        store,
        kubo,
        cluster: null,
        pins: () => kuboPins(kubo),
        async stop() {
          await store.close();
          await kubo.stop();
          cleanup();
        },
      };
    } catch (error) {
      await kubo.stop();
      cleanup();
      throw error;
    }
  }
  const cluster = await startCluster({
    dir,
    peers: options.peers ?? 2,
    replicationMin: options.replicationMin ?? -1,
    replicationMax: options.replicationMax ?? -1,
  });
  try {
    const store = await createClusterContentStore({
      apiUrl: cluster.env.CLUSTER_API_URL,
      kuboApiUrl: cluster.env.KUBO_API_URL,
      // The Cluster engine reads files through its peer's gateway, the Kubo engine through `cat`.
      kuboGatewayUrl: cluster.env.KUBO_GATEWAY_URL,
      replicationMin: options.replicationMin ?? -1,
      replicationMax: options.replicationMax ?? -1,
      pinTimeoutMs: 20_000,
      readTimeoutMs: 3_000,
    });
    return {
      store,
      kubo: cluster.nodes[0]!.kubo,
      cluster,
      async pins() {
        const response = await fetch(`${cluster.env.CLUSTER_API_URL}/allocations`);
        const text = await response.text();
        return new Set(
          text
            .split('\n')
            .filter((line) => line.trim())
            .map((line) => (JSON.parse(line) as { cid: string }).cid),
        );
      },
      async stop() {
        await store.close();
        await cluster.stop();
        cleanup();
      },
    };
  } catch (error) {
    await cluster.stop();
    cleanup();
    throw error;
  }
}

export { bytesOf } from '../src/content/test-helpers';

/** A file's bytes, or a range of them, read back whole through the engine. */
export const readBack = (store: ContentStore, cid: string, offset?: number, length?: number): Promise<Buffer> =>
  collect(store.cat(cid, { offset, length }));

/** A Kubo daemon and a test server (SQLite unless told) whose content engine it is. Stop the server first, then the engine. */
export async function startKuboServer(driver: Driver = 'sqlite'): Promise<{ engine: EngineUnderTest; server: TestServer }> {
  const engine = await startEngine('kubo');
  const refuse = (message: string): never => {
    throw new Error(message);
  };
  const content = contentConfig({ contentEngine: 'kubo', kuboApiUrl: engine.kubo!.apiUrl }, refuse);
  try {
    return { engine, server: await startTestServer({ driver, config: { content } }) };
  } catch (error) {
    await engine.stop();
    throw error;
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KuboNode } from '../../../../scripts/ipfs-local.mjs';
import { startEngine, type EngineUnderTest } from '../../../test/engines';
import { bytesOf, chunks } from '../test-helpers';
import { eventually } from '../../../test/eventually';

/** Kubo's RPC: `POST /api/v0/{command}` with `arg` parameters, its JSON answer. */
async function kubo<T>(node: KuboNode, command: string, args: string[] = []): Promise<T> {
  const url = new URL(`/api/v0/${command}`, node.apiUrl);
  for (const arg of args) url.searchParams.append('arg', arg);
  const response = await fetch(url, { method: 'POST' });
  if (!response.ok) throw new Error(`${command}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const connectedPeers = async (node: KuboNode): Promise<string[]> =>
  ((await kubo<{ Peers: Array<{ Peer: string }> | null }>(node, 'swarm/peers')).Peers ?? []).map((peer) => peer.Peer);

/**
 * Uploads on the cluster engine are imported by one peer's Kubo, and the other allocated peers
 * copy the blocks from it. Without a DHT they find it only through a connection: the pin names
 * that Kubo as its origin, so a peer whose connection to it dropped dials it again.
 */
describe('cluster engine: copies of an import', () => {
  let engine: EngineUnderTest;
  let reader: KuboNode;
  let other: KuboNode;

  beforeAll(async () => {
    engine = await startEngine('cluster', { peers: 2, replicationMin: 2, replicationMax: 2 });
    reader = engine.cluster!.nodes[0]!.kubo;
    other = engine.cluster!.nodes[1]!.kubo;
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
  });

  it('are made by a peer no longer connected to the importing Kubo', { timeout: 60_000 }, async () => {
    await kubo(reader, 'swarm/disconnect', [`/p2p/${other.peerId}`]);
    expect(await connectedPeers(reader)).not.toContain(other.peerId);

    const { cid } = await engine.store.addFile(chunks(bytesOf(3_000_000, 51)), { cidVersion: 1, maxBytes: 10_000_000 });
    // A few MB copy in a second or two. Without the origin, the copy waits for Cluster to connect
    // its Kubo nodes again, 30 s after each peer started.
    let statuses: Awaited<ReturnType<typeof engine.store.status>> = [];
    await eventually(
      'both peers hold the copy',
      async () => {
        statuses = await engine.store.status(cid);
        return statuses.length === 2 && statuses.every((peer) => peer.status === 'pinned');
      },
      { withinMs: 8_000, everyMs: 250 },
    );
    expect(statuses.map((peer) => peer.status)).toEqual(['pinned', 'pinned']);
    expect(await connectedPeers(other)).toContain(reader.peerId);

    const allocation = (await (await fetch(`${engine.cluster!.env.CLUSTER_API_URL}/allocations/${cid}`)).json()) as {
      origins: string[] | null;
    };
    expect(allocation.origins?.length).toBeGreaterThan(0);
    expect(allocation.origins!.every((origin) => origin.endsWith(`/p2p/${reader.peerId}`))).toBe(true);
  });
});

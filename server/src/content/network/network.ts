import '../polyfills';
import { noise } from '@chainsafe/libp2p-noise';
import { yamux } from '@chainsafe/libp2p-yamux';
import { bitswap } from '@helia/block-brokers';
import { bootstrap } from '@libp2p/bootstrap';
import { identify } from '@libp2p/identify';
import type { Libp2p, PeerId } from '@libp2p/interface';
import { kadDHT } from '@libp2p/kad-dht';
import { tcp } from '@libp2p/tcp';
import { multiaddr } from '@multiformats/multiaddr';
import { FsDatastore } from 'datastore-fs';
import { multihashToIPNSRoutingKey } from 'ipns';
import type { Blockstore } from 'interface-blockstore';
import { createLibp2p, type Libp2pOptions } from 'libp2p';
import type { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import { privateDir } from '../../lib/private-files';
import { parseIpnsName } from '../../names/ipns-name';
import { loadPeerKey } from './peer-key';

/**
 * `off`: no libp2p at all. `peers`: listen on `listen`, dial only `peers` (other Cairn servers,
 * Kubo nodes), no discovery, no DHT, nothing else reached. `public`: also bootstrap + Amino DHT
 * for finding providers on the public network; for real deployments only (never in tests, and
 * never on a machine without internet).
 */
type NetworkingMode = 'off' | 'peers' | 'public';

export interface NetworkOptions {
  mode: NetworkingMode;
  /** Listen multiaddrs, e.g. `/ip4/0.0.0.0/tcp/4001`; `/ip4/127.0.0.1/tcp/0` in tests. */
  listen?: string[];
  /** Peers to stay connected to, with `/p2p/<peer id>`. */
  peers?: string[];
  /** `public` only: bootstrap multiaddrs (default: libp2p's public bootstrappers). */
  bootstrap?: string[];
}

const PUBLIC_BOOTSTRAP = [
  '/dnsaddr/bootstrap.libp2p.io/p2p/QmNnooDu7bfjPFoTZYxMNLWUQJyrVwtbZg5gBMjTezGAJN',
  '/dnsaddr/bootstrap.libp2p.io/p2p/QmQCU2EcMqAqQPR2i9bChDtGNJchTbq5TbXJJ16u19uLTa',
  '/dnsaddr/bootstrap.libp2p.io/p2p/QmbLHAnMoJPWSCR5Zhtx6BHJX9KiKNN6tpvbUcqanj75Nb',
  '/dnsaddr/bootstrap.libp2p.io/p2p/QmcZf59bWwK5XFi76CZX8cbJ4BhTzzA3gU1ZjYZcYW3dwt',
];
const REDIAL_MS = 10_000;
const DIAL_TIMEOUT_MS = 5_000;
/**
 * Bitswap packs wanted blocks into messages of up to this size, overshooting it by one block. Its
 * default (4 MiB) plus that block exceeds the 4 MiB read buffer of a libp2p stream, which then
 * aborts and the blocks in it are lost: 1 MiB keeps every message well inside the buffer.
 */
const MAX_OUTGOING_MESSAGE_BYTES = 1024 * 1024;
/**
 * A stream buffers what arrives until its reader takes it, and yamux lets a peer send up to its
 * window (16 MiB) ahead: a buffer smaller than that window aborts the stream, losing the blocks in
 * it, whenever the reader falls behind (a busy event loop). Twice the window cannot overflow.
 */
const STREAM_READ_BUFFER_BYTES = 32 * 1024 * 1024;
const MAX_INCOMING_MESSAGE_BYTES = 4 * 1024 * 1024;
/** A want unanswered this long is asked again: a message lost on the way is never resent. */
const STALLED_WANT_MS = 10_000;

interface Broker {
  start(): Promise<void>;
  stop(): Promise<void>;
  retrieve(cid: CID, options: { signal: AbortSignal }): Promise<Uint8Array>;
}

/**
 * libp2p + bitswap over the pack store, built from parts: only TCP, noise, yamux, identify and
 * bitswap (plus bootstrap and the DHT in `public` mode), so nothing reaches the internet unasked,
 * and a fetched block is handed to the caller rather than written outside any pin. Bitswap
 * serves peers from the store.
 */
export class Network {
  private redial: NodeJS.Timeout | undefined;

  private constructor(
    private readonly libp2p: Libp2p,
    private readonly broker: Broker,
    private readonly peers: string[],
    private readonly findsProviders: boolean,
  ) {}

  static async start(options: NetworkOptions, blockstore: Blockstore, dir: string): Promise<Network> {
    // libp2p's store writes its files with the default mode: in a directory only the server can enter.
    privateDir(`${dir}/datastore`);
    const libp2p = await createLibp2p({
      ...libp2pOptions(options, await loadPeerKey(`${dir}/peer.key`)),
      datastore: new FsDatastore(`${dir}/datastore`) as never,
    });
    const routing = options.mode === 'public' ? libp2pRouting(libp2p) : noRouting;
    // The block brokers pin slightly different copies of the interface packages: the shapes
    // agree, the nominal types do not, hence the cast at this seam.
    const broker = bitswap({
      maxOutgoingMessageSize: MAX_OUTGOING_MESSAGE_BYTES,
      maxIncomingMessageSize: MAX_INCOMING_MESSAGE_BYTES,
    })({
      libp2p,
      blockstore,
      routing,
      logger: libp2p.logger,
      getHasher: async (code: number) => {
        if (code === sha256.code) return sha256;
        throw new Error(`unsupported hash 0x${code.toString(16)}`);
      },
    } as never) as unknown as Broker;
    await broker.start();
    const network = new Network(libp2p, broker, options.peers ?? [], options.mode === 'public');
    network.dialPeers();
    return network;
  }

  get peerId(): PeerId {
    return this.libp2p.peerId;
  }

  /** Whether the node can put records in the DHT (the public network). */
  get putsRecords(): boolean {
    return 'dht' in this.libp2p.services;
  }

  /** Puts a signed IPNS record of `name` in the public DHT, under its routing key. */
  async putIpns(name: string, record: Uint8Array, signal?: AbortSignal): Promise<void> {
    const dht = (
      this.libp2p.services as {
        dht?: { put(key: Uint8Array, value: Uint8Array, options?: { signal?: AbortSignal }): AsyncIterable<unknown> };
      }
    ).dht;
    if (!dht) return;
    const key = multihashToIPNSRoutingKey(parseIpnsName(name).digest);
    for await (const _event of dht.put(key, record, { signal })) {
      // Each event is a peer answering; the put is done when the walk ends.
    }
  }

  multiaddrs(): string[] {
    return this.libp2p.getMultiaddrs().map((addr) => addr.toString());
  }

  /**
   * Whether a want could reach anyone now: a node that finds providers (the public DHT), that keeps
   * peers of its own, or that any peer is connected to (a client that dialled it). A node with none
   * of these has nobody to ask, so a missing block is missing now rather than after a timeout.
   */
  canAsk(): boolean {
    return this.findsProviders || this.peers.length > 0 || this.libp2p.getConnections().length > 0;
  }

  /** One block from connected peers (bitswap checks the bytes hash to the CID). */
  async fetch(cid: CID, signal: AbortSignal): Promise<Uint8Array> {
    for (;;) {
      const stalled = AbortSignal.timeout(STALLED_WANT_MS);
      try {
        return await this.broker.retrieve(cid, { signal: AbortSignal.any([signal, stalled]) });
      } catch (error) {
        // Cancelling the want and wanting again makes the peer send the block anew.
        if (signal.aborted || !stalled.aborted) throw error;
      }
    }
  }

  /**
   * Dials peers that hold content about to be fetched (a pin's origins), best effort: bitswap sends
   * its wants to each peer as it connects, so the fetch does not wait for the dials.
   */
  connect(addrs: string[]): void {
    for (const addr of addrs) {
      let target;
      try {
        target = multiaddr(addr);
      } catch {
        continue;
      }
      this.libp2p.dial(target, { signal: AbortSignal.timeout(DIAL_TIMEOUT_MS) }).catch(() => undefined);
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.redial);
    await this.broker.stop();
    await this.libp2p.stop();
  }

  /** Keeps the configured peers connected: bitswap only asks peers it is connected to. */
  private dialPeers(): void {
    if (this.peers.length === 0) return;
    const libp2p = this.libp2p;
    const dialAll = (): void => {
      for (const addr of this.peers) {
        const target = multiaddr(addr);
        const peer = target.getComponents().find((c) => c.name === 'p2p')?.value;
        if (peer && libp2p.getConnections().some((c) => c.remotePeer.toString() === peer)) continue;
        libp2p.dial(target, { signal: AbortSignal.timeout(DIAL_TIMEOUT_MS) }).catch(() => undefined);
      }
    };
    dialAll();
    this.redial = setInterval(dialAll, REDIAL_MS);
    this.redial.unref();
  }
}

function libp2pOptions(options: NetworkOptions, privateKey: Awaited<ReturnType<typeof loadPeerKey>>): Libp2pOptions {
  const base: Libp2pOptions = {
    privateKey,
    addresses: { listen: options.listen ?? ['/ip4/127.0.0.1/tcp/0'] },
    transports: [tcp()],
    connectionEncrypters: [noise()],
    streamMuxers: [yamux({ streamOptions: { maxReadBufferLength: STREAM_READ_BUFFER_BYTES } })],
    peerDiscovery: [],
    services: { identify: identify() },
  };
  if (options.mode !== 'public') return base;
  return {
    ...base,
    peerDiscovery: [bootstrap({ list: options.bootstrap ?? PUBLIC_BOOTSTRAP })],
    services: { identify: identify(), dht: kadDHT({ clientMode: true }) as never },
  };
}

/** `peers` mode: bitswap asks the connected peers only. */
const noRouting = {
  async *findProviders(): AsyncGenerator<never> {},
  async provide(): Promise<void> {},
};

/** Provider lookups through libp2p's content routing (the DHT in `public` mode). */
function libp2pRouting(libp2p: Libp2p) {
  return {
    async *findProviders(cid: CID, options?: { signal?: AbortSignal }) {
      for await (const peer of libp2p.contentRouting.findProviders(cid, options)) {
        yield { id: peer.id, multiaddrs: peer.multiaddrs, routing: 'libp2p' };
      }
    },
    async provide(cid: CID, options?: { signal?: AbortSignal }) {
      await libp2p.contentRouting.provide(cid, options);
    },
  };
}

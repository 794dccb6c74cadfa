/** The parts of a Kubo node's configuration that say whether it announces content; absent fields take Kubo's defaults. */
export interface KuboConfig {
  Bootstrap?: string[] | null;
  /** `DelegatedRouters` (HTTP routers for lookups) announces nothing: only `Type` matters. */
  Routing?: { Type?: string | null; DelegatedRouters?: string[] | null } | null;
  Provide?: { Enabled?: boolean | null; Strategy?: string | null; DHT?: { Interval?: string | null } | null } | null;
  /** Kubo before 0.38 kept these under other names. */
  Provider?: { Enabled?: boolean | null } | null;
  Reprovider?: { Interval?: string | null; Strategy?: string | null } | null;
}

/** Routing modes that put provider records into the public DHT (`auto`, Kubo's default, among them). */
const DHT_ROUTING = new Set(['auto', 'autoclient', 'dht', 'dhtclient', 'dhtserver']);
/** Provide strategies that cover pinned content, which is all Cairn keeps (`all` is Kubo's default). */
const PINNED_STRATEGY = /(^|\+)(all|pinned|roots)($|\+)/;

/**
 * Whether a Kubo node announces what it pins to the public IPFS network, where a public gateway
 * finds it: it has peers to join that network through (`Bootstrap`, `auto` included), a routing
 * that writes to the DHT, providing switched on, and a strategy that covers pinned content. A node
 * set up for a private network (no bootstrap peers, routing `none`, as the tests' nodes are) does
 * not. A private swarm key is not visible through the API: such a node should also clear `Bootstrap`.
 */
export function providesToPublicNetwork(config: KuboConfig): boolean {
  if (!config.Bootstrap?.length) return false;
  if (!DHT_ROUTING.has(config.Routing?.Type || 'auto')) return false;
  if (config.Provide?.Enabled === false || config.Provider?.Enabled === false) return false;
  if (config.Provide?.DHT?.Interval === '0' || config.Reprovider?.Interval === '0') return false;
  const strategy = config.Provide?.Strategy || config.Reprovider?.Strategy || 'all';
  return PINNED_STRATEGY.test(strategy);
}

import type { ServerEnv } from './env';

/** Where content lives: the embedded node (default), a Kubo node, or an IPFS Cluster over Kubo nodes. */
export type ContentConfig =
  | { engine: 'embedded' }
  | { engine: 'kubo'; kuboApiUrl: string; kuboGatewayUrl?: string }
  | {
      engine: 'cluster';
      clusterApiUrl: string;
      /** The Kubo RPC API of a Cluster peer, for reads. */
      kuboApiUrl: string;
      /** That Kubo node's HTTP gateway, for reading files (faster than the RPC API's `cat`). */
      kuboGatewayUrl?: string;
      credentials: { basicAuth?: string; token?: string };
      /** -1 means every peer, as in IPFS Cluster. */
      replicationMin: number;
      replicationMax: number;
    };

type Fail = (message: string) => never;

function apiUrl(name: string, raw: string, fail: Fail): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail(`${name} is not a URL: "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(`${name} must be an http:// or https:// URL`);
  return url.origin;
}

function replication(name: string, raw: string | undefined, fail: Fail): number {
  if (raw === undefined || raw === '') return -1;
  const value = Number(raw);
  if (!Number.isInteger(value) || value === 0 || value < -1 || value > 1000)
    fail(`${name} must be -1 (every peer) or a whole number from 1 to 1000, got "${raw}"`);
  return value;
}

/** Reads the content engine's settings; `fail` throws the one-line configuration error. */
export function contentConfig(env: ServerEnv, fail: Fail): ContentConfig {
  const engine = (env.contentEngine || 'embedded').toLowerCase();
  const clusterSet = [
    env.clusterApiUrl,
    env.clusterBasicAuth,
    env.clusterApiToken,
    env.clusterReplicationMin,
    env.clusterReplicationMax,
  ].some(Boolean);
  if (engine === 'embedded') {
    if (env.kuboApiUrl) fail('KUBO_API_URL is set but CONTENT_ENGINE=embedded: set CONTENT_ENGINE=kubo or cluster');
    if (env.kuboGatewayUrl) fail('KUBO_GATEWAY_URL is set but CONTENT_ENGINE=embedded: set CONTENT_ENGINE=kubo or cluster');
    if (clusterSet) fail('CLUSTER_* settings are set but CONTENT_ENGINE=embedded: set CONTENT_ENGINE=cluster');
    return { engine: 'embedded' };
  }
  if (engine !== 'kubo' && engine !== 'cluster')
    return fail(`CONTENT_ENGINE must be embedded, kubo or cluster, got "${env.contentEngine}"`);
  if (env.ipfsNetwork || env.ipfsListen || env.ipfsPeers)
    fail(`IPFS_NETWORK, IPFS_LISTEN and IPFS_PEERS configure the embedded node only: unset them with CONTENT_ENGINE=${engine}`);
  if (!env.kuboApiUrl) fail(`CONTENT_ENGINE=${engine} needs KUBO_API_URL (a Kubo RPC API, e.g. http://127.0.0.1:5001)`);
  const kuboApiUrl = apiUrl('KUBO_API_URL', env.kuboApiUrl!, fail);
  const gateway = env.kuboGatewayUrl ? { kuboGatewayUrl: apiUrl('KUBO_GATEWAY_URL', env.kuboGatewayUrl, fail) } : {};
  if (engine === 'kubo') {
    if (clusterSet) fail('CLUSTER_* settings are set but CONTENT_ENGINE=kubo: set CONTENT_ENGINE=cluster');
    return { engine: 'kubo', kuboApiUrl, ...gateway };
  }
  if (!env.clusterApiUrl) fail('CONTENT_ENGINE=cluster needs CLUSTER_API_URL (an IPFS Cluster REST API, e.g. http://127.0.0.1:9094)');
  if (env.clusterBasicAuth && env.clusterApiToken)
    fail('CLUSTER_BASIC_AUTH and CLUSTER_API_TOKEN are both set: the Cluster API takes one of them');
  if (env.clusterBasicAuth && !/^[^:]+:.+$/.test(env.clusterBasicAuth)) fail('CLUSTER_BASIC_AUTH must be user:password');
  const replicationMin = replication('CLUSTER_REPLICATION_MIN', env.clusterReplicationMin, fail);
  const replicationMax = replication('CLUSTER_REPLICATION_MAX', env.clusterReplicationMax, fail);
  if (replicationMax !== -1 && (replicationMin === -1 || replicationMin > replicationMax)) {
    fail('CLUSTER_REPLICATION_MIN must not be more than CLUSTER_REPLICATION_MAX');
  }
  return {
    engine: 'cluster',
    clusterApiUrl: apiUrl('CLUSTER_API_URL', env.clusterApiUrl!, fail),
    kuboApiUrl,
    ...gateway,
    credentials: { basicAuth: env.clusterBasicAuth || undefined, token: env.clusterApiToken || undefined },
    replicationMin,
    replicationMax,
  };
}

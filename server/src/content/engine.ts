import type { ServerConfig } from '../config/config';
import { createClusterContentStore } from './cluster/cluster-store';
import { createEmbeddedContentStore } from './embedded-store';
import { createKuboContentStore } from './kubo/kubo-store';
import { withImportHolds } from './import-holds';
import type { ContentStore, ImportHolds } from './types';

type EngineConfig = Pick<ServerConfig, 'content' | 'dataDir' | 'ipfs' | 'pinTimeoutMs'>;

/**
 * The content engine the configuration picks; a remote engine must answer before the server
 * starts. An engine that collects garbage takes `holds` around every import; without them
 * nothing may run its collection.
 */
export async function createContentStore(config: EngineConfig, holds?: ImportHolds): Promise<ContentStore> {
  const store = await engineStore(config);
  return holds && store.capabilities.garbageCollection ? withImportHolds(store, holds) : store;
}

async function engineStore(config: EngineConfig): Promise<ContentStore> {
  const { content } = config;
  switch (content.engine) {
    case 'kubo':
      return withReason('Kubo', content.kuboApiUrl, () =>
        createKuboContentStore({ apiUrl: content.kuboApiUrl, gatewayUrl: content.kuboGatewayUrl, pinTimeoutMs: config.pinTimeoutMs }),
      );
    case 'cluster':
      return withReason('IPFS Cluster', content.clusterApiUrl, () =>
        createClusterContentStore({
          apiUrl: content.clusterApiUrl,
          credentials: content.credentials,
          kuboApiUrl: content.kuboApiUrl,
          kuboGatewayUrl: content.kuboGatewayUrl,
          replicationMin: content.replicationMin,
          replicationMax: content.replicationMax,
          pinTimeoutMs: config.pinTimeoutMs,
        }),
      );
    default:
      return createEmbeddedContentStore({
        dataDir: config.dataDir,
        networking: { mode: config.ipfs.network, listen: config.ipfs.listen, peers: config.ipfs.peers },
      });
  }
}

async function withReason(name: string, url: string, start: () => Promise<ContentStore>): Promise<ContentStore> {
  try {
    return await start();
  } catch (error) {
    throw new Error(`${name} at ${url} did not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
}

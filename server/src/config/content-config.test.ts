import { describe, expect, it } from 'vitest';
import { buildConfig, ConfigError } from './config';
import { readEnv } from './env';

describe('content engine configuration', () => {
  it('is the embedded node unless told otherwise', () => {
    expect(buildConfig(readEnv({})).content).toEqual({ engine: 'embedded' });
  });

  it('reads a Kubo node and an IPFS Cluster with its credentials and replication', () => {
    expect(buildConfig(readEnv({ CONTENT_ENGINE: 'kubo', KUBO_API_URL: 'http://127.0.0.1:5001/' })).content).toEqual({
      engine: 'kubo',
      kuboApiUrl: 'http://127.0.0.1:5001',
    });
    const cluster = buildConfig(
      readEnv({
        CONTENT_ENGINE: 'cluster',
        CLUSTER_API_URL: 'http://10.0.0.5:9094',
        KUBO_API_URL: 'http://10.0.0.5:5001',
        KUBO_GATEWAY_URL: 'http://10.0.0.5:8080/',
        CLUSTER_BASIC_AUTH: 'cairn:s3cret',
        CLUSTER_REPLICATION_MIN: '2',
        CLUSTER_REPLICATION_MAX: '3',
      }),
    ).content;
    expect(cluster).toEqual({
      engine: 'cluster',
      clusterApiUrl: 'http://10.0.0.5:9094',
      kuboApiUrl: 'http://10.0.0.5:5001',
      kuboGatewayUrl: 'http://10.0.0.5:8080',
      credentials: { basicAuth: 'cairn:s3cret', token: undefined },
      replicationMin: 2,
      replicationMax: 3,
    });
  });

  it.each([
    [{ CONTENT_ENGINE: 'ceph' }, 'CONTENT_ENGINE must be embedded, kubo or cluster'],
    [{ CONTENT_ENGINE: 'kubo' }, 'CONTENT_ENGINE=kubo needs KUBO_API_URL'],
    [{ KUBO_API_URL: 'http://127.0.0.1:5001' }, 'KUBO_API_URL is set but CONTENT_ENGINE=embedded'],
    [{ CONTENT_ENGINE: 'kubo', KUBO_API_URL: 'ftp://x' }, 'KUBO_API_URL must be an http:// or https:// URL'],
    [
      { CONTENT_ENGINE: 'kubo', KUBO_API_URL: 'http://k:5001', KUBO_GATEWAY_URL: 'k:8080' },
      'KUBO_GATEWAY_URL must be an http:// or https:// URL',
    ],
    [{ KUBO_GATEWAY_URL: 'http://127.0.0.1:8080' }, 'KUBO_GATEWAY_URL is set but CONTENT_ENGINE=embedded'],
    [
      { CONTENT_ENGINE: 'kubo', KUBO_API_URL: 'http://k:5001', CLUSTER_API_URL: 'http://c:9094' },
      'CLUSTER_* settings are set but CONTENT_ENGINE=kubo',
    ],
    [{ CONTENT_ENGINE: 'kubo', KUBO_API_URL: 'http://k:5001', IPFS_NETWORK: 'public' }, 'configure the embedded node only'],
    [{ CONTENT_ENGINE: 'cluster', KUBO_API_URL: 'http://k:5001' }, 'CONTENT_ENGINE=cluster needs CLUSTER_API_URL'],
    [
      {
        CONTENT_ENGINE: 'cluster',
        KUBO_API_URL: 'http://k:5001',
        CLUSTER_API_URL: 'http://c:9094',
        CLUSTER_REPLICATION_MIN: '3',
        CLUSTER_REPLICATION_MAX: '2',
      },
      'must not be more than',
    ],
    [
      { CONTENT_ENGINE: 'cluster', KUBO_API_URL: 'http://k:5001', CLUSTER_API_URL: 'http://c:9094', CLUSTER_REPLICATION_MIN: '0' },
      'CLUSTER_REPLICATION_MIN must be -1',
    ],
    [
      { CONTENT_ENGINE: 'cluster', KUBO_API_URL: 'http://k:5001', CLUSTER_API_URL: 'http://c:9094', CLUSTER_BASIC_AUTH: 'nopassword' },
      'CLUSTER_BASIC_AUTH must be user:password',
    ],
    [{ CLUSTER_API_URL: 'http://c:9094' }, 'CLUSTER_* settings are set but CONTENT_ENGINE=embedded'],
  ])('stops at start on %j with one clear line', (env, message) => {
    expect(() => buildConfig(readEnv(env))).toThrow(ConfigError);
    expect(() => buildConfig(readEnv(env))).toThrow(message);
  });

  it('never puts the Cluster password in its messages', () => {
    const env = { CONTENT_ENGINE: 'kubo', KUBO_API_URL: 'http://k:5001', CLUSTER_BASIC_AUTH: 'cairn:hunter2' };
    expect(() => buildConfig(readEnv(env))).toThrow(/^(?!.*hunter2).*$/);
  });
});

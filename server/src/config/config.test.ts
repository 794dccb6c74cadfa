import { describe, expect, it } from 'vitest';
import { buildConfig, ConfigError } from './config';
import { readEnv } from './env';

describe('buildConfig', () => {
  it('needs no configuration at all: SQLite in ./data, port 8080', () => {
    const config = buildConfig(readEnv({}), '/srv/cairn');
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/srv/cairn/data');
    expect(config.db).toEqual({ driver: 'sqlite', file: '/srv/cairn/data/cairn.sqlite' });
    expect(config.production).toBe(false);
    expect(config.admin).toBeNull();
    // The embedded node listens on loopback, on a port the system picks, and dials nobody.
    expect(config.ipfs).toEqual({ network: 'peers', listen: ['/ip4/127.0.0.1/tcp/0'], peers: [] });
  });

  it.each([
    [{ IPFS_NETWORK: 'off' }, { network: 'off', listen: [], peers: [] }],
    [{ IPFS_LISTEN: '/ip4/0.0.0.0/tcp/4001' }, { network: 'peers', listen: ['/ip4/0.0.0.0/tcp/4001'], peers: [] }],
    [
      { IPFS_PEERS: '/ip4/10.0.0.2/tcp/4001/p2p/12D3KooWA' },
      { network: 'peers', listen: ['/ip4/127.0.0.1/tcp/0'], peers: ['/ip4/10.0.0.2/tcp/4001/p2p/12D3KooWA'] },
    ],
    [{ IPFS_NETWORK: 'public' }, { network: 'public', listen: ['/ip4/0.0.0.0/tcp/4001'], peers: [] }],
  ])('takes the embedded node’s networking from %j', (env, ipfs) => {
    expect(buildConfig(readEnv(env)).ipfs).toEqual(ipfs);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = buildConfig(readEnv({ DATABASE_URL: 'postgres://u@db:5432/cairn', PORT: '9000', CAIRN_DATA_DIR: '/var/cairn' }));
    expect(config.db).toEqual({ driver: 'pg', url: 'postgres://u@db:5432/cairn', poolSize: 10 });
    expect(config.port).toBe(9000);
    expect(config.dataDir).toBe('/var/cairn');
    expect(buildConfig(readEnv({ DATABASE_URL: 'postgres://u@db:5432/cairn', DATABASE_POOL_SIZE: '40' })).db).toMatchObject({
      poolSize: 40,
    });
  });

  it('drains for 5 seconds on SIGTERM and gives requests in flight 5 more, unless told otherwise', () => {
    expect(buildConfig(readEnv({})).shutdown).toEqual({ drainMs: 5_000, graceMs: 5_000 });
    expect(buildConfig(readEnv({ SHUTDOWN_DRAIN_SECONDS: '30', SHUTDOWN_GRACE_SECONDS: '0' })).shutdown).toEqual({
      drainMs: 30_000,
      graceMs: 0,
    });
  });

  it.each([
    [{ DB_DRIVER: 'pg' }, 'DB_DRIVER=pg needs DATABASE_URL'],
    [{ DB_DRIVER: 'sqlite', DATABASE_URL: 'postgres://x/y' }, 'DATABASE_URL is set but DB_DRIVER=sqlite'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL must start with postgres://'],
    [{ DB_DRIVER: 'oracle' }, 'DB_DRIVER must be sqlite or pg'],
    [{ PORT: 'eighty' }, 'PORT must be a whole number'],
    [{ PORT: '70000' }, 'PORT must be a whole number'],
    [{ NODE_ENV: 'production' }, 'NODE_ENV=production needs PUBLIC_URL'],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'http://cairn.example' }, 'PUBLIC_URL must use https://'],
    [{ ADMIN_EMAIL: 'root@example.com' }, 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together'],
    [{ ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD must be at least 6'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY must be true or false'],
    [{ ENGINE_GC_INTERVAL_HOURS: '1.5' }, 'ENGINE_GC_INTERVAL_HOURS must be a whole number from 0 to 8760'],
    [{ ENGINE_GC_INTERVAL_HOURS: '-1' }, 'ENGINE_GC_INTERVAL_HOURS must be a whole number from 0 to 8760'],
    [{ IPFS_NETWORK: 'lan' }, 'IPFS_NETWORK must be off, peers or public'],
    [{ IPFS_NETWORK: 'off', IPFS_LISTEN: '/ip4/127.0.0.1/tcp/4001' }, 'IPFS_LISTEN is set but IPFS_NETWORK=off'],
    [{ IPFS_LISTEN: '127.0.0.1:4001' }, 'not a multiaddr'],
    [{ DATABASE_URL: 'postgres://x/y', DATABASE_POOL_SIZE: '1' }, 'DATABASE_POOL_SIZE must be a whole number from 2 to 1000'],
    [{ DATABASE_POOL_SIZE: '20' }, 'DATABASE_POOL_SIZE is for PostgreSQL'],
    [{ SHUTDOWN_DRAIN_SECONDS: '-1' }, 'SHUTDOWN_DRAIN_SECONDS must be a whole number from 0 to 3600'],
    [{ SHUTDOWN_GRACE_SECONDS: '2.5' }, 'SHUTDOWN_GRACE_SECONDS must be a whole number from 0 to 3600'],
  ])('stops at start on %j with one clear line', (env, message) => {
    expect(() => buildConfig(readEnv(env))).toThrow(ConfigError);
    expect(() => buildConfig(readEnv(env))).toThrow(message);
  });

  it('accepts a complete production configuration', () => {
    const config = buildConfig(
      readEnv({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://cairn.example/',
        ADMIN_EMAIL: 'Root@Example.com',
        ADMIN_PASSWORD: 'long-enough',
      }),
    );
    expect(config.production).toBe(true);
    expect(config.publicUrl).toBe('https://cairn.example');
    expect(config.admin).toEqual({ email: 'root@example.com', password: 'long-enough' });
  });
});

import net from 'node:net';
import path from 'node:path';
import { MAX_DAG_BLOCKS, PASSWORD_MIN } from '@cairn/shared';
import { repoPath } from '../lib/repo-path';
import { contentConfig, type ContentConfig } from './content-config';
import type { ServerEnv } from './env';

export interface IpfsConfig {
  /**
   * off: no networking; peers (the default): listen, and dial only `peers` and the origins of a
   * pin; public: also bootstrap and the DHT.
   */
  network: 'off' | 'peers' | 'public';
  listen: string[];
  peers: string[];
}

/** Card payments through Stripe. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another Stripe API host (a local stand-in in tests); null is Stripe itself. */
  apiUrl: URL | null;
}

/** `poolSize`: connections each instance may open to PostgreSQL (10 unless set). */
export type DbConfig = { driver: 'sqlite'; file: string } | { driver: 'pg'; url: string; poolSize?: number };

/** Requests allowed in each window of `windowSeconds`; 0 turns that one limit off. */
export interface RequestLimits {
  windowSeconds: number;
  api: { perIp: number; perToken: number };
  psa: { perIp: number; perToken: number };
  gateway: { perIp: number; perCid: number };
  /** The S3-compatible API: per client IP, and per access key (`perToken`, raised by the account's plan). */
  s3: { perIp: number; perToken: number };
}

/** Every request limit off: for servers that are not about limits (tests, benchmarks). */
export const NO_REQUEST_LIMITS: RequestLimits = Object.freeze({
  windowSeconds: 60,
  api: Object.freeze({ perIp: 0, perToken: 0 }),
  psa: Object.freeze({ perIp: 0, perToken: 0 }),
  gateway: Object.freeze({ perIp: 0, perCid: 0 }),
  s3: Object.freeze({ perIp: 0, perToken: 0 }),
});

export interface ServerConfig {
  production: boolean;
  port: number;
  host: string;
  publicUrl: string | null;
  dataDir: string;
  db: DbConfig;
  /** null: read or create `jwt-secret` in the data directory. */
  jwtSecret: string | null;
  jwtTtlSeconds: number;
  admin: { email: string; password: string } | null;
  trustProxy: boolean;
  /**
   * Let webhooks reach private, loopback and link-local addresses (a deployment whose receivers
   * sit on its own network, and the tests); off, such targets are refused (SSRF).
   */
  webhooksAllowPrivateTargets: boolean;
  /**
   * Resolve webhook host names through DNS (`WEBHOOKS_NAME_LOOKUP`, on by default). Off (an
   * air-gapped deployment, the test runs): a webhook URL names an IP address or `localhost`, and no
   * lookup ever leaves the machine.
   */
  webhooksNameLookup: boolean;
  /**
   * Gateway bandwidth per record and day (`BANDWIDTH_COUNTING`, on by default; off, nothing is
   * counted and no egress allowance is enforced), written from memory every `flushMs`
   * (`BANDWIDTH_FLUSH_SECONDS`, 5).
   */
  bandwidth: { enabled: boolean; flushMs: number };
  /**
   * The S3-compatible API: off unless `S3_PORT` is set (0 picks a free port, as tests do). It
   * listens beside the app on `host`. `hostName` (`S3_HOST`, say `s3.example.org`) turns on
   * virtual-hosted-style addressing (`<bucket>.s3.example.org`); path-style always works.
   * `region` (`S3_REGION`, `us-east-1`) is the one region requests must be signed for.
   */
  s3: { port: number; hostName: string | null; region: string } | null;
  /**
   * The address the other instances of the deployment reach this one at (they forward requests for
   * resumable uploads whose partial file is here); null: the listening address.
   */
  internalUrl: string | null;
  /** Origins whose pages may call the API with a token or a signed URL (never with the session cookie). */
  corsOrigins: '*' | string[];
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /**
   * On SIGTERM, `/readyz` answers 503 (`server: draining`) for `drainMs` while every request is
   * still served, so that a load balancer stops sending here; then the listener closes and requests
   * in flight get `graceMs` to finish. SIGINT closes at once, with the same grace.
   */
  shutdown: { drainMs: number; graceMs: number };
  loginLimits: { perIp: number; perEmail: number; windowSeconds: number };
  signupLimits: { perIp: number; windowSeconds: number };
  /** Requests allowed per window (0: that limit is off), shared by all instances through the database. */
  requestLimits: RequestLimits;
  jsonBodyLimitBytes: number;
  /** The built React UI; null serves no UI. */
  staticDir: string | null;
  /** Give up a pin-by-CID fetch after this long (404 'CID not found on IPFS network'). */
  pinTimeoutMs: number;
  /** How often each instance frees quota of dead uploads and prunes expired rows. */
  maintenanceIntervalMs: number;
  /**
   * How long work of an instance that stopped beating (an upload's quota reservation and its claim
   * on what it pinned, a pin job, an outbox job, a lock) stays its own before another instance takes it over.
   */
  leaseMs: number;
  /**
   * How long after the last garbage collection of the kubo or cluster engine the next one is due
   * (whichever instance takes the lease runs it); 0: never on a schedule.
   */
  engineGcIntervalMs: number;
  /** Uploads one account may stream at once (all instances together); beyond: 429 with Retry-After. */
  uploadsPerAccount: number;
  /** Public gateway for 'view on the network' links. */
  publicGatewayUrl: string;
  /** A separate origin that serves /ipfs (user content off the app's origin); null serves it here. */
  gatewayOrigin: string | null;
  /**
   * The subdomain gateway's domain (`GATEWAY_DOMAIN`, say `gw.example.org`): `<cid>.ipfs.<domain>`
   * and `<name>.ipns.<domain>` serve content roots on origins of their own, and `/ipfs/…` on the
   * domain itself redirects there. null: no subdomain gateway.
   */
  gatewayDomain: string | null;
  /**
   * The DNS servers DNSLink TXT records are asked of (`DNSLINK_RESOLVER`, `host[:port]` each); an
   * empty list asks the system's resolver.
   */
  dnslinkResolvers: string[];
  /** The embedded node's networking (CONTENT_ENGINE=embedded only). */
  ipfs: IpfsConfig;
  content: ContentConfig;
  /** Argon2id cost. Tests lower it; production keeps the OWASP-recommended defaults. */
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  /** Blocks CAR uploads may hold in memory while their DAGs are checked: in all, and for one account. */
  carCheckBlocks: { process: number; account: number };
  /** null: payments are not configured (paid checkout answers 503 payments_not_configured). */
  stripe: StripeConfig | null;
}

/** A configuration that cannot work. Its message is the one line printed at start. */
export class ConfigError extends Error {}

const BUILT_UI = repoPath('desktop', 'out', 'renderer');
const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function flag(name: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === '') return false;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function database(env: ServerEnv, dataDir: string): DbConfig {
  const driver = env.dbDriver?.toLowerCase() || (env.databaseUrl ? 'pg' : 'sqlite');
  if (driver === 'pg' || driver === 'postgres' || driver === 'postgresql') {
    if (!env.databaseUrl) throw new ConfigError('DB_DRIVER=pg needs DATABASE_URL (postgres://user@host:5432/db)');
    if (!/^postgres(ql)?:\/\//.test(env.databaseUrl)) {
      throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
    }
    return { driver: 'pg', url: env.databaseUrl, poolSize: integer('DATABASE_POOL_SIZE', env.databasePoolSize, 10, 2, 1000) };
  }
  if (driver !== 'sqlite') throw new ConfigError(`DB_DRIVER must be sqlite or pg, got "${env.dbDriver}"`);
  if (env.databaseUrl) throw new ConfigError('DATABASE_URL is set but DB_DRIVER=sqlite: unset one of them');
  if (env.databasePoolSize) throw new ConfigError('DATABASE_POOL_SIZE is for PostgreSQL: set DATABASE_URL, or unset it');
  return { driver: 'sqlite', file: path.join(dataDir, 'cairn.sqlite') };
}

/** `*` (the default) or a comma-separated list of origins such as `https://app.example`. */
function corsOrigins(raw: string | undefined): '*' | string[] {
  const listed = (raw ?? '*')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (listed.length === 0 || listed.includes('*')) return '*';
  return listed.map((entry) => {
    const url = origin('CORS_ORIGINS', entry)!;
    if (url !== entry.replace(/\/$/, '')) throw new ConfigError(`CORS_ORIGINS takes origins (scheme://host[:port]), got "${entry}"`);
    return url;
  });
}

function origin(name: string, raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    return new URL(raw).origin;
  } catch {
    throw new ConfigError(`${name} is not a URL: "${raw}"`);
  }
}

const list = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Where the embedded node listens unless told: loopback, on a port the system picks, so that an
 * IPFS node on the same machine can always connect to the `delegates` of a Pinning Service API
 * answer, while nothing is reachable from elsewhere and nothing is dialled out.
 */
const DEFAULT_LISTEN = ['/ip4/127.0.0.1/tcp/0'];
/** The usual IPFS swarm port, on every interface: `public` is for real deployments. */
const PUBLIC_LISTEN = ['/ip4/0.0.0.0/tcp/4001'];

function ipfs(env: ServerEnv): IpfsConfig {
  const network = (env.ipfsNetwork || 'peers').toLowerCase();
  if (network !== 'off' && network !== 'peers' && network !== 'public') {
    throw new ConfigError(`IPFS_NETWORK must be off, peers or public, got "${env.ipfsNetwork}"`);
  }
  const peers = list(env.ipfsPeers);
  const listen = list(env.ipfsListen);
  if (network === 'off' && peers.length > 0) throw new ConfigError('IPFS_PEERS is set but IPFS_NETWORK=off: set IPFS_NETWORK=peers');
  if (network === 'off' && listen.length > 0) throw new ConfigError('IPFS_LISTEN is set but IPFS_NETWORK=off: set IPFS_NETWORK=peers');
  for (const addr of [...peers, ...listen]) {
    if (!addr.startsWith('/')) throw new ConfigError(`not a multiaddr: "${addr}" (expected e.g. /ip4/127.0.0.1/tcp/4001)`);
  }
  if (network === 'off') return { network, listen: [], peers };
  return { network, listen: listen.length > 0 ? listen : network === 'public' ? PUBLIC_LISTEN : DEFAULT_LISTEN, peers };
}

function publicUrl(raw: string | undefined, production: boolean): string | null {
  if (!raw) {
    if (production) throw new ConfigError('NODE_ENV=production needs PUBLIC_URL (the https:// address users reach)');
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL is not a URL: "${raw}"`);
  }
  if (production && url.protocol !== 'https:') throw new ConfigError('PUBLIC_URL must use https:// when NODE_ENV=production');
  return url.origin;
}

function admin(env: ServerEnv): ServerConfig['admin'] {
  if (!env.adminEmail && !env.adminPassword) return null;
  if (!env.adminEmail || !env.adminPassword) throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  if (env.adminPassword.length < PASSWORD_MIN) {
    throw new ConfigError(`ADMIN_PASSWORD must be at least ${PASSWORD_MIN} characters`);
  }
  return { email: env.adminEmail.trim().toLowerCase(), password: env.adminPassword };
}

/** Key values never appear in these messages: they end up in start-up logs. */
function s3(env: ServerEnv): ServerConfig['s3'] {
  if (env.s3Port === undefined || env.s3Port === '') return null;
  const hostName = (env.s3Host || '').trim().toLowerCase() || null;
  if (hostName !== null && !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/.test(hostName)) {
    throw new ConfigError(`S3_HOST must be a host name (such as s3.example.org), got "${env.s3Host}"`);
  }
  const region = env.s3Region || 'us-east-1';
  if (!/^[a-z0-9-]{1,32}$/.test(region))
    throw new ConfigError(`S3_REGION must be a region name (such as us-east-1), got "${env.s3Region}"`);
  return { port: integer('S3_PORT', env.s3Port, 0, 0, 65535), hostName, region };
}

function stripe(env: ServerEnv, production: boolean): StripeConfig | null {
  const { stripeSecretKey: secretKey, stripeWebhookSecret: webhookSecret, stripeApiUrl } = env;
  if (!secretKey && !webhookSecret) {
    if (stripeApiUrl) throw new ConfigError('STRIPE_API_URL is set but STRIPE_SECRET_KEY is not');
    return null;
  }
  if (!secretKey || !webhookSecret) throw new ConfigError('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together');
  if (!/^(sk|rk)_[A-Za-z0-9_]+$/.test(secretKey)) throw new ConfigError('STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)');
  if (!/^whsec_[A-Za-z0-9_+/=]+$/.test(webhookSecret))
    throw new ConfigError('STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)');
  let apiUrl: URL | null = null;
  if (stripeApiUrl) {
    try {
      apiUrl = new URL(stripeApiUrl);
    } catch {
      throw new ConfigError(`STRIPE_API_URL is not a URL: "${stripeApiUrl}"`);
    }
    if (apiUrl.protocol !== 'https:' && (production || apiUrl.protocol !== 'http:')) {
      throw new ConfigError('STRIPE_API_URL must use https:// (http:// only outside production)');
    }
  }
  return { secretKey, webhookSecret, apiUrl };
}

const DNS_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A bare DNS name, lower-cased: the subdomain gateway answers on its subdomains whatever the port. */
function gatewayDomain(raw: string | undefined): string | null {
  const domain = (raw ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (domain === '') return null;
  if (!DNS_NAME.test(domain) || net.isIP(domain) !== 0) {
    throw new ConfigError(`GATEWAY_DOMAIN must be a DNS name without scheme or port (such as gw.example.org), got "${raw}"`);
  }
  return domain;
}

/** `host[:port]` addresses of DNS servers, as node:dns takes them (`127.0.0.1:5353`, `[::1]:53`). */
function dnsServers(raw: string | undefined): string[] {
  return list(raw).map((entry) => {
    const match = /^(?:\[([0-9a-fA-F:.]+)\]|([0-9.]+))(?::(\d{1,5}))?$/.exec(entry);
    const host = match?.[1] ?? match?.[2] ?? '';
    const port = Number(match?.[3] ?? 53);
    if (!match || net.isIP(host) === 0 || port < 1 || port > 65535) {
      throw new ConfigError(`DNSLINK_RESOLVER takes IP addresses with an optional port (127.0.0.1:53, [::1]:53), got "${entry}"`);
    }
    return entry;
  });
}

/** Applies defaults to the environment and rejects contradictions; throws ConfigError. */
export function buildConfig(env: ServerEnv, cwd: string = process.cwd()): ServerConfig {
  const production = env.nodeEnv === 'production';
  const dataDir = path.resolve(cwd, env.dataDir || 'data');
  const logLevel = (env.logLevel || 'info').toLowerCase();
  const leaseSeconds = integer('LEASE_SECONDS', env.leaseSeconds, 60, 2, 3600);
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.logLevel}"`);
  }
  if (env.jwtSecret !== undefined && env.jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters');
  }
  return {
    production,
    port: integer('PORT', env.port, 8080, 0, 65535),
    host: env.host || '0.0.0.0',
    publicUrl: publicUrl(env.publicUrl, production),
    dataDir,
    db: database(env, dataDir),
    jwtSecret: env.jwtSecret ?? null,
    jwtTtlSeconds: integer('JWT_TTL_SECONDS', env.jwtTtl, 24 * 3600, 60, 30 * 24 * 3600),
    admin: admin(env),
    trustProxy: flag('TRUST_PROXY', env.trustProxy),
    webhooksAllowPrivateTargets: flag('WEBHOOKS_ALLOW_PRIVATE_TARGETS', env.webhooksAllowPrivateTargets),
    webhooksNameLookup:
      env.webhooksNameLookup === undefined || env.webhooksNameLookup === '' ? true : flag('WEBHOOKS_NAME_LOOKUP', env.webhooksNameLookup),
    bandwidth: {
      enabled:
        env.bandwidthCounting === undefined || env.bandwidthCounting === '' ? true : flag('BANDWIDTH_COUNTING', env.bandwidthCounting),
      flushMs: integer('BANDWIDTH_FLUSH_SECONDS', env.bandwidthFlushSeconds, 5, 1, 3600) * 1000,
    },
    s3: s3(env),
    internalUrl: origin('INTERNAL_URL', env.internalUrl),
    corsOrigins: corsOrigins(env.corsOrigins),
    logLevel: logLevel as ServerConfig['logLevel'],
    shutdown: {
      drainMs: integer('SHUTDOWN_DRAIN_SECONDS', env.shutdownDrainSeconds, 5, 0, 3600) * 1000,
      graceMs: integer('SHUTDOWN_GRACE_SECONDS', env.shutdownGraceSeconds, 5, 0, 3600) * 1000,
    },
    loginLimits: {
      perIp: integer('LOGIN_MAX_PER_IP', env.loginMaxPerIp, 30, 1, 100_000),
      perEmail: integer('LOGIN_MAX_PER_EMAIL', env.loginMaxPerEmail, 10, 1, 100_000),
      windowSeconds: integer('LOGIN_WINDOW_SECONDS', env.loginWindowSeconds, 900, 1, 86_400),
    },
    signupLimits: {
      perIp: integer('SIGNUP_MAX_PER_IP', env.signupMaxPerIp, 20, 1, 100_000),
      windowSeconds: 3600,
    },
    requestLimits: {
      windowSeconds: integer('RATE_LIMIT_WINDOW_SECONDS', env.rateLimitWindowSeconds, 60, 1, 86_400),
      api: {
        perIp: integer('RATE_LIMIT_API_PER_IP', env.rateLimitApiPerIp, 1200, 0, 10_000_000),
        perToken: integer('RATE_LIMIT_API_PER_TOKEN', env.rateLimitApiPerToken, 600, 0, 10_000_000),
      },
      psa: {
        perIp: integer('RATE_LIMIT_PSA_PER_IP', env.rateLimitPsaPerIp, 1200, 0, 10_000_000),
        perToken: integer('RATE_LIMIT_PSA_PER_TOKEN', env.rateLimitPsaPerToken, 600, 0, 10_000_000),
      },
      gateway: {
        perIp: integer('RATE_LIMIT_GATEWAY_PER_IP', env.rateLimitGatewayPerIp, 200, 0, 10_000_000),
        perCid: integer('RATE_LIMIT_GATEWAY_PER_CID', env.rateLimitGatewayPerCid, 6000, 0, 10_000_000),
      },
      s3: {
        perIp: integer('RATE_LIMIT_S3_PER_IP', env.rateLimitS3PerIp, 6000, 0, 10_000_000),
        perToken: integer('RATE_LIMIT_S3_PER_KEY', env.rateLimitS3PerKey, 3000, 0, 10_000_000),
      },
    },
    jsonBodyLimitBytes: integer('JSON_BODY_LIMIT_BYTES', env.jsonBodyLimit, 100 * 1024, 1024, 10 * 1024 * 1024),
    staticDir: env.staticDir === undefined ? BUILT_UI : env.staticDir ? path.resolve(cwd, env.staticDir) : null,
    maintenanceIntervalMs: Math.min(30_000, (leaseSeconds * 1000) / 2),
    leaseMs: leaseSeconds * 1000,
    engineGcIntervalMs: integer('ENGINE_GC_INTERVAL_HOURS', env.engineGcIntervalHours, 24, 0, 24 * 365) * 3600_000,
    uploadsPerAccount: integer('UPLOADS_PER_ACCOUNT', env.uploadsPerAccount, 4, 1, 1000),
    pinTimeoutMs: integer('PIN_TIMEOUT_SECONDS', env.pinTimeoutSeconds, 120, 1, 86_400) * 1000,
    publicGatewayUrl: origin('PUBLIC_GATEWAY_URL', env.publicGatewayUrl) ?? 'https://ipfs.io',
    gatewayOrigin: origin('GATEWAY_ORIGIN', env.gatewayOrigin),
    gatewayDomain: gatewayDomain(env.gatewayDomain),
    dnslinkResolvers: dnsServers(env.dnslinkResolver),
    ipfs: ipfs(env),
    content: contentConfig(env, (message) => {
      throw new ConfigError(message);
    }),
    argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
    carCheckBlocks: { process: 2 * MAX_DAG_BLOCKS, account: MAX_DAG_BLOCKS },
    stripe: stripe(env, production),
  };
}

import { createJwt, type Jwt } from './auth/jwt';
import { BandwidthMeter } from './commands/bandwidth/bandwidth-meter';
import { startJobs } from './commands/maintenance/jobs';
import { CarBlockPool } from './content/car/car-block-pool';
import { createContentStore } from './content/engine';
import type { ContentStore } from './content/types';
import { loadJwtKey } from './auth/jwt-secret';
import { createPasswordHasher, type PasswordHasher } from './auth/passwords';
import type { ServerConfig } from './config/config';
import { createDb, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { AppError } from './lib/errors';
import type { JobRunner } from './jobs/runner';
import type { KeyedLock } from './lib/keyed-lock';
import { createSharedLock } from './lib/shared-lock';
import { createImportHolds } from './lib/engine-gc-lock';
import { createLogger, type Logger } from './lib/logger';
import { privateTree } from './lib/private-files';
import { VersionedPages } from './db/fast/versioned-pages';
import { instanceIdOf } from './commands/maintenance/lib/instance-registry';
import { createMetrics, type Metrics } from './ops/metrics';
import { createPaymentProvider, type PaymentProvider } from './payments/index';
import { createEventHub, type EventHub } from './events/event-hub';
import { createStores, type Stores } from './stores/index';
import { createRequestLimits, type RequestLimiter } from './commands/limits/request-limits';
import { SharedLimiters } from './lib/shared-limiters';
import { systemClock, type Clock } from './jobs/clock';
import { createDnsLinkResolver, type DnsLinkResolver } from './dnslink/resolver';

/** Everything a request needs, built once at start and shared by every request. */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  stores: Stores;
  logger: Logger;
  /** Where background work (leases, runners, sweeps) reads the time and waits. */
  clock: Clock;
  jwt: Jwt;
  passwords: PasswordHasher;
  content: ContentStore;
  /** Serializes record-vs-unpin decisions per CID over every instance (a lease in the database). */
  cidLock: KeyedLock;
  /** Runs every background task (pins, the content engine's outbox, sweeps, prunes) from `jobs`. */
  jobs: JobRunner;
  /** Rendered pages of file lists, each kept while its account's `uploads_version` stands. */
  fileListPages: VersionedPages;
  metrics: Metrics;
  /** Hands the outbox's events to the live event streams open on this process. */
  events: EventHub;
  /** Card payments; null when not configured (paid checkout answers 503). */
  payments: PaymentProvider | null;
  /**
   * Set when a SIGTERM arrives: `/readyz` answers 503 so that a load balancer stops sending here,
   * while every request is still served, until the listener closes (`stopping`).
   */
  draining: boolean;
  /** Aborted when the server begins to stop: uploads in flight give up cleanly (no record, no charge). */
  stopping: AbortSignal;
  /** The address links point at: PUBLIC_URL, else this server's own listening address (set once listening). */
  selfUrl: string;
  /** This instance's id in `instances` (kept in the data directory across restarts). */
  instanceId: string;
  /** Quota reservations this process holds open (uploads streaming now), given back at close. */
  openReservations: Set<string>;
  /** The blocks CAR uploads hold in this process's memory while their DAGs are checked. */
  carBlocks: CarBlockPool;
  /** The gateway's bandwidth counts, gathered in memory and written in batches; monthly allowances. */
  bandwidth: BandwidthMeter;
  /** rate-limiter-flexible's limiters over this database, shared by every instance (sign-in and request limits). */
  limiters: SharedLimiters;
  /** Per-IP, per-credential and per-CID request limits, counted in the database (RATE_LIMIT_*). */
  requestLimits: RequestLimiter;
  /** DNSLink TXT records, asked of `DNSLINK_RESOLVER` and kept for a while (custom domains). */
  dnslink: DnsLinkResolver;
  /** Aborts `stopping`; called by the server once it stops accepting connections. */
  beginShutdown(): void;
  close(): Promise<void>;
}

export async function createContext(config: ServerConfig, logger: Logger = createLogger(config.logLevel)): Promise<AppContext> {
  // Whatever creates a file in the data directory (libraries included, such as the peer store of
  // the embedded node) creates it private to the server's user, as Cairn's own code does.
  process.umask(0o077);
  // Before anything in it is opened: what an operator loosened is tightened at every start.
  privateTree(config.dataDir);
  const db = createDb(config.db, logger);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const stores = createStores(db);
  const instanceId = instanceIdOf(config.dataDir);
  // One clock and one lease length for every lease this server holds.
  const leaseTiming = { clock: systemClock, leaseMs: config.leaseMs };
  let content: ContentStore;
  try {
    content = await createContentStore(config, createImportHolds(stores.leases, instanceId, leaseTiming));
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const shutdown = new AbortController();
  const sharedLock = createSharedLock(stores.leases, leaseTiming);
  const limiters = new SharedLimiters(db);
  const app: AppContext = {
    config,
    db,
    stores,
    logger,
    clock: leaseTiming.clock,
    jwt: createJwt(await loadJwtKey(config.jwtSecret, config.dataDir, db, config.db.driver)),
    passwords: createPasswordHasher(config.argon2),
    content,
    cidLock: (cid, work) => sharedLock(`cid:${cid}`, work),
    // Replaced by the runner once recovery has run (`startJobs`).
    jobs: {
      kick: () => undefined,
      runNow: async () => ({ ran: false, gone: false }),
      cancel: () => undefined,
      settled: async () => undefined,
      runDue: async () => ({ done: 0, retrying: 0, failed: 0 }),
      stop: async () => undefined,
    },
    fileListPages: new VersionedPages(),
    metrics: createMetrics(db),
    events: createEventHub({ db: config.db, stores, clock: leaseTiming.clock, logger }),
    payments: createPaymentProvider(config),
    draining: false,
    stopping: shutdown.signal,
    selfUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    instanceId,
    openReservations: new Set(),
    carBlocks: new CarBlockPool(config.carCheckBlocks.process, config.carCheckBlocks.account),
    bandwidth: new BandwidthMeter(stores.bandwidth, leaseTiming.clock, logger, config.bandwidth),
    limiters,
    requestLimits: createRequestLimits(() => config.requestLimits, limiters, stores.plans, logger),
    dnslink: createDnsLinkResolver({ servers: config.dnslinkResolvers }),
    beginShutdown() {
      if (!shutdown.signal.aborted) shutdown.abort(new AppError(503, 'shutting_down', 'The server is restarting: please try again'));
    },
    async close() {
      app.beginShutdown();
      // Uploads that had no time to clean up after their abort: their quota goes back now, not
      // a minute later through another instance's sweep.
      for (const id of [...app.openReservations]) {
        await app.stores.quota
          .release(db, id)
          .catch((error: unknown) => logger.warn('reservation release failed', { error: String(error) }));
      }
      await app.events.close();
      await app.jobs.stop();
      // The listener is closed by now: what the gateway counted last is written before the database goes.
      await app.bandwidth.stop();
      await content.close();
      await db.destroy();
    },
  };
  try {
    await startJobs(app);
  } catch (error) {
    await app.jobs.stop();
    await content.close();
    await db.destroy();
    throw error;
  }
  app.bandwidth.start();
  // Bitswap gives other peers nothing that only private records hold (see `hidden_blocks`).
  content.hideFromPeers?.(async (cid) => {
    const visibility = await stores.uploads.visibility(cid);
    return visibility === 'private' || (visibility === 'none' && (await stores.hiddenBlocks.isHidden(cid)));
  });
  return app;
}

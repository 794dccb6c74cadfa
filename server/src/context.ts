import { createJwt, type Jwt } from './auth/jwt';
import { startPinRunner, type PinRunner } from './commands/pin-job-runner';
import { createContentStore } from './content/engine';
import type { ContentStore } from './content/types';
import { loadJwtKey } from './auth/jwt-secret';
import { createPasswordHasher, type PasswordHasher } from './auth/passwords';
import type { ServerConfig } from './config/config';
import { createDb, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createKeyedLock, type KeyedLock } from './lib/keyed-lock';
import { createLogger, type Logger } from './lib/logger';
import { VersionedPages } from './lib/versioned-pages';
import { createPaymentProvider, type PaymentProvider } from './payments/index';
import { createStores, type Stores } from './stores/index';

/** Everything a request needs, built once at start and shared by every request. */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  stores: Stores;
  logger: Logger;
  jwt: Jwt;
  passwords: PasswordHasher;
  content: ContentStore;
  /** Serializes record-vs-unpin decisions per CID. */
  cidLock: KeyedLock;
  pinRunner: PinRunner;
  /** Rendered pages of file lists, each kept while its account's `uploads_version` stands. */
  fileListPages: VersionedPages;
  /** Card payments; null when not configured (paid checkout answers 503). */
  payments: PaymentProvider | null;
  close(): Promise<void>;
}

export async function createContext(config: ServerConfig, logger: Logger = createLogger(config.logLevel)): Promise<AppContext> {
  const db = createDb(config.db);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let content: ContentStore;
  try {
    content = await createContentStore(config);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const app: AppContext = {
    config,
    db,
    stores: createStores(db),
    logger,
    jwt: createJwt(loadJwtKey(config.jwtSecret, config.dataDir)),
    passwords: createPasswordHasher(config.argon2),
    content,
    cidLock: createKeyedLock(),
    pinRunner: { kick: () => undefined, stop: async () => undefined },
    fileListPages: new VersionedPages(),
    payments: createPaymentProvider(config),
    async close() {
      await app.pinRunner.stop();
      await content.close();
      await db.destroy();
    },
  };
  app.pinRunner = startPinRunner(app);
  return app;
}

import { createJwt, type Jwt } from './auth/jwt';
import { loadJwtKey } from './auth/jwt-secret';
import { createPasswordHasher, type PasswordHasher } from './auth/passwords';
import type { ServerConfig } from './config/config';
import { createDb, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createLogger, type Logger } from './lib/logger';
import { createStores, type Stores } from './stores/index';

/** Everything a request needs, built once at start and shared by every request. */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  stores: Stores;
  logger: Logger;
  jwt: Jwt;
  passwords: PasswordHasher;
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
  return {
    config,
    db,
    stores: createStores(db),
    logger,
    jwt: createJwt(loadJwtKey(config.jwtSecret, config.dataDir)),
    passwords: createPasswordHasher(config.argon2),
    close: () => db.destroy(),
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/pg';
import { createDb } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { loadJwtKey } from './jwt-secret';

describe('the session signing key', () => {
  it('on SQLite: a 0600 file made on the first start and reused afterwards; JWT_SECRET wins', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-key-'));
    const db = createDb({ driver: 'sqlite', file: path.join(dir, 'cairn.sqlite') });
    try {
      await migrateToLatest(db);
      const first = await loadJwtKey(null, dir, db, 'sqlite');
      expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
      expect(first.byteLength).toBeGreaterThanOrEqual(32);
      expect(Buffer.from(await loadJwtKey(null, dir, db, 'sqlite')).equals(Buffer.from(first))).toBe(true);
      expect(new TextDecoder().decode(await loadJwtKey('c'.repeat(40), dir, db, 'sqlite'))).toBe('c'.repeat(40));
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true });
    }
  });

  it('on PostgreSQL: kept in the database, so instances with their own data directories share it', async () => {
    const database = await createTestDatabase();
    const a = createDb({ driver: 'pg', url: database.url });
    const b = createDb({ driver: 'pg', url: database.url });
    const dirA = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-key-a-'));
    const dirB = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-key-b-'));
    try {
      await migrateToLatest(a);
      const [keyA, keyB] = await Promise.all([loadJwtKey(null, dirA, a, 'pg'), loadJwtKey(null, dirB, b, 'pg')]);
      expect(keyA.byteLength).toBeGreaterThanOrEqual(32);
      expect(Buffer.from(keyA).equals(Buffer.from(keyB))).toBe(true);
      expect(fs.existsSync(path.join(dirA, 'jwt-secret'))).toBe(false);
    } finally {
      await a.destroy();
      await b.destroy();
      await database.drop();
      fs.rmSync(dirA, { recursive: true });
      fs.rmSync(dirB, { recursive: true });
    }
  });
});

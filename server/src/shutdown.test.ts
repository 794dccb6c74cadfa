import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../test/process';
import { slowUpload } from '../test/slow-upload';

const ADMIN = { email: 'ops@example.com', password: 'stop-cleanly-42' };

describe('stopping the server', () => {
  let proc: ServerProcess | undefined;
  afterEach(() => {
    proc?.kill();
    if (proc) fs.rmSync(proc.dataDir, { recursive: true, force: true });
    proc = undefined;
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`exits within 10 s of ${signal}, aborting an upload in flight with no record and no charge`, async () => {
      proc = await spawnServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
      const login = await fetch(`${proc.url}/api/v2/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const { token } = (await login.json()) as { token: string };
      const upload = slowUpload(proc.url, token, { firstBytes: 1024 * 1024 });
      await new Promise((r) => setTimeout(r, 500));

      const sent = Date.now();
      proc.child.kill(signal);
      const { code, at } = await proc.exited;
      upload.req.destroy();
      expect(code).toBe(0);
      expect(at - sent).toBeLessThan(10_000);
      expect([0, 503]).toContain(await upload.status);

      const db = new Database(path.join(proc.dataDir, 'cairn.sqlite'), { readonly: true });
      try {
        expect(db.prepare('select count(*) as n from uploads').get()).toEqual({ n: 0 });
        expect(db.prepare('select count(*) as n from quota_reservations').get()).toEqual({ n: 0 });
        expect(db.prepare('select sum(storage_used) as used, sum(storage_reserved) as reserved from users').get()).toEqual({
          used: 0,
          reserved: 0,
        });
      } finally {
        db.close();
      }
    }, 90_000);
  }
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('the data directory', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('is private to the server: directory 0700, database and its WAL 0600, also when they existed before', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-perm-'));
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'cairn.sqlite'), '', { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, 'cairn.sqlite'), 0o644);
    server = await startTestServer({
      driver: 'sqlite',
      config: { dataDir, db: { driver: 'sqlite', file: path.join(dataDir, 'cairn.sqlite') } },
    });
    await createUser(server);
    expect(mode(dataDir)).toBe(0o700);
    for (const file of ['cairn.sqlite', 'cairn.sqlite-wal', 'cairn.sqlite-shm', 'jwt-secret']) {
      expect(mode(path.join(dataDir, file)), file).toBe(0o600);
    }
    await server.close();
    server = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

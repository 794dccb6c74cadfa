import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser, uploadFile } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { tusCreate, tusPatch } from '../../test/tus';
import { privateTree } from './private-files';

const mode = (file: string) => fs.statSync(file).mode & 0o777;

/** Every directory and file under `dir`, with its mode (symbolic links left out). */
function modes(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const full = path.join(entry.parentPath, entry.name);
    found[path.relative(dir, full)] = (fs.lstatSync(full).mode & 0o777).toString(8);
  }
  return found;
}

/** The modes every entry should have: what is not private, as `path: mode`. */
function notPrivate(dir: string): string[] {
  return Object.entries(modes(dir))
    .filter(([entry, octal]) => octal !== (fs.lstatSync(path.join(dir, entry)).isDirectory() ? '700' : '600'))
    .map(([entry, octal]) => `${entry}: ${octal}`);
}

/** A server on `dataDir` that has written what it keeps: the database, blocks, and a partial tus upload. */
async function serverThatWrote(dataDir: string): Promise<TestServer> {
  const server = await startTestServer({
    driver: 'sqlite',
    config: { dataDir, db: { driver: 'sqlite', file: path.join(dataDir, 'cairn.sqlite') } },
  });
  const user = await createUser(server);
  await uploadFile(server, user, 'kept.txt', 'kept bytes');
  const created = await tusCreate(server.api, '/api/v2/uploads/resumable', 10, { token: user.token, filename: 'partial.bin' });
  expect((await tusPatch(server.api, created.headers.get('location')!, 0, new Uint8Array(4), user.token)).status).toBe(204);
  return server;
}

describe('the data directory', () => {
  let server: TestServer | undefined;
  const dirs: string[] = [];
  afterEach(async () => {
    await server?.close();
    server = undefined;
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-perm-'));
    dirs.push(dir);
    return dir;
  };

  it('is private to the server: directory 0700, database and its WAL 0600, also when they existed before', async () => {
    const dataDir = tempDir();
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
  });

  it('creates every file private (0600) and every directory 0700: the block index and packs, a partial upload', async () => {
    const dataDir = tempDir();
    server = await serverThatWrote(dataDir);
    const written = Object.keys(modes(dataDir));
    for (const kept of ['ipfs/blocks/index.sqlite', 'ipfs/blocks/packs', 'ipfs/instance.lock', 'resumable', 'instance-id', 'jwt-secret']) {
      expect(written).toContain(kept);
    }
    expect(written.some((entry) => entry.endsWith('.pack'))).toBe(true);
    expect(written.filter((entry) => entry.startsWith('resumable/'))).toHaveLength(2);
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it('tightens everything again at start after a chmod -R a+rwX', async () => {
    const dataDir = tempDir();
    server = await serverThatWrote(dataDir);
    await server.close();
    server = undefined;
    execFileSync('chmod', ['-R', 'a+rwX', dataDir]);
    expect(notPrivate(dataDir).length).toBeGreaterThan(10);
    server = await startTestServer({
      driver: 'sqlite',
      config: { dataDir, db: { driver: 'sqlite', file: path.join(dataDir, 'cairn.sqlite') } },
    });
    expect(mode(dataDir)).toBe(0o700);
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it('leaves what a symbolic link points at alone', () => {
    const dataDir = tempDir();
    const outside = tempDir();
    fs.chmodSync(outside, 0o755);
    fs.writeFileSync(path.join(outside, 'shared.txt'), 'not ours', { mode: 0o644 });
    fs.chmodSync(path.join(outside, 'shared.txt'), 0o644);
    fs.symlinkSync(outside, path.join(dataDir, 'linked-dir'));
    fs.symlinkSync(path.join(outside, 'shared.txt'), path.join(dataDir, 'linked-file'));
    fs.writeFileSync(path.join(dataDir, 'own'), '', { mode: 0o666 });
    privateTree(dataDir);
    expect(mode(path.join(outside, 'shared.txt'))).toBe(0o644);
    expect(mode(outside)).toBe(0o755);
    expect(fs.lstatSync(path.join(dataDir, 'own')).mode & 0o777).toBe(0o600);
  });
});

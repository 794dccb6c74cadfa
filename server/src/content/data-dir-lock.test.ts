import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../../test/process';
import { DataDirInUseError } from './data-dir-lock';
import { createEmbeddedContentStore } from './embedded-store';

const dirs: string[] = [];
const processes: ServerProcess[] = [];
afterEach(async () => {
  const spawned = processes.splice(0);
  for (const proc of spawned) proc.kill();
  await Promise.all(spawned.map((proc) => proc.exited));
  for (const dir of [...dirs.splice(0), ...spawned.map((proc) => proc.dataDir)]) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-lock-'));
  dirs.push(dir);
  return dir;
};

/** A process that takes the lock of `<dir>/ipfs` and holds it until killed (one that exits gives it back). */
async function holder(dir: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('${path.resolve('server/src/content/data-dir-lock.ts')}').then(m => m.lockDataDir(${JSON.stringify(path.join(dir, 'ipfs'))})).then(() => { console.log('locked'); setInterval(() => {}, 1000); })`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the holder did not lock in time')), 20_000);
    child.stdout!.on('data', (data: Buffer) => {
      if (data.toString().includes('locked')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the holder exited (${code})`)));
  });
  return child;
}

describe('one embedded engine per data directory', () => {
  it('refuses a second engine on the same directory, and takes it once the first has closed', async () => {
    const dir = tempDir();
    const first = await createEmbeddedContentStore({ dataDir: dir });
    await expect(createEmbeddedContentStore({ dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(createEmbeddedContentStore({ dataDir: dir })).rejects.toThrow(/in use by another Cairn instance/);
    await first.close();
    const second = await createEmbeddedContentStore({ dataDir: dir });
    await second.close();
  });

  it('refuses while another process holds the directory, and takes it at once when that process is killed', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'ipfs'), { recursive: true });
    const child = await holder(dir);
    await expect(createEmbeddedContentStore({ dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    // No wait for the lock to go stale: the kernel dropped it with its holder.
    const store = await createEmbeddedContentStore({ dataDir: dir });
    await store.close();
  }, 40_000);
});

describe('a server killed with SIGKILL', () => {
  it('starts again on its data directory at once', async () => {
    const first = await spawnServer();
    processes.push(first);
    const dataDir = first.dataDir;
    // A second server on a directory whose holder runs is refused, and says why.
    await expect(spawnServer({ CAIRN_DATA_DIR: dataDir }, 30_000)).rejects.toThrow(/in use by another Cairn instance/);
    first.child.kill('SIGKILL');
    await first.exited;
    const second = await spawnServer({ CAIRN_DATA_DIR: dataDir });
    processes.push(second);
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
  }, 120_000);
});

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError } from './data-dir-lock';
import { createEmbeddedContentStore } from './embedded-store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-lock-'));
  dirs.push(dir);
  return dir;
};

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

  it('takes the directory over from a holder that was killed', async () => {
    // The holder stays alive until killed: a process that exits normally gives its lock back.
    const dir = tempDir();
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('${path.resolve('server/src/content/data-dir-lock.ts')}').then(m => m.lockDataDir(${JSON.stringify(path.join(dir, 'ipfs'))}, () => {})).then(() => { console.log('locked'); setInterval(() => {}, 1000); })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    fs.mkdirSync(path.join(dir, 'ipfs'), { recursive: true });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the holder did not lock in time')), 20_000);
      holder.stdout!.on('data', (data: Buffer) => {
        if (data.toString().includes('locked')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    await expect(createEmbeddedContentStore({ dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    let store;
    for (let i = 0; i < 40 && !store; i++) {
      store = await createEmbeddedContentStore({ dataDir: dir }).catch((error: unknown) => {
        if (!(error instanceof DataDirInUseError)) throw error;
        return undefined;
      });
      if (!store) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(store).toBeDefined();
    await store!.close();
  }, 40_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { WatchedFileEvent } from '../shared/desktop-bridge';
import { WatchedFolders } from './watched-folders';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-watch-'));
  const events: WatchedFileEvent[] = [];
  const folders = new WatchedFolders({ storeFile: path.join(dir, 'state', 'folders.json'), onFileAdded: (event) => events.push(event) });
  cleanups.push(() => {
    folders.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { dir, events, folders };
}

async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('WatchedFolders', () => {
  it('persists the folder list and rejects what is not a folder', () => {
    const { dir, folders } = setup();
    const inbox = fs.mkdirSync(path.join(dir, 'inbox'), { recursive: true })!;
    expect(folders.add(inbox)).toEqual([inbox]);
    expect(folders.add(inbox)).toEqual([inbox]);
    expect(() => folders.add(path.join(dir, 'missing'))).toThrow(/Not a folder/);
    expect(folders.remove(inbox)).toEqual([]);
    expect(folders.list()).toEqual([]);
  });

  it('reports a new file once, and not the files already there', async () => {
    const { dir, events, folders } = setup();
    const inbox = path.join(dir, 'inbox');
    fs.mkdirSync(inbox);
    fs.writeFileSync(path.join(inbox, 'old.txt'), 'old');
    folders.add(inbox);
    fs.writeFileSync(path.join(inbox, 'new.txt'), 'hello');
    await until(() => events.length > 0);
    fs.appendFileSync(path.join(inbox, 'new.txt'), ' again');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual([{ folder: inbox, path: path.join(inbox, 'new.txt'), size: 5 }]);
  });
});

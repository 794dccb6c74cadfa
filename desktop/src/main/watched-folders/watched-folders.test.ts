import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createUser } from '../../../../server/test/factories';
import { eventually } from '../../../../server/test/eventually';
import { startTestServer, type TestServer } from '../../../../server/test/harness';
import { startFolderApp } from './testing/folder-app';

let server: TestServer;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-watch-'));
const running: Array<() => Promise<void>> = [];

beforeAll(async () => {
  server = await startTestServer({ driver: 'sqlite' });
});
afterEach(async () => {
  for (const stop of running.splice(0)) await stop();
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A signed-in desktop app: its queue and watched folders, with data in `appData`. */
async function desktopApp(appData: string, token: string) {
  const app = await startFolderApp({ serverUrl: server.url, appData, token });
  running.push(app.stop);
  describeState = app.describe;
  return app;
}

async function account() {
  const user = await createUser(server);
  return { user, token: (await createApiToken(server, user)).token };
}

const records = (userId: string) =>
  server.app.db.selectFrom('uploads').select(['id', 'name', 'cid', 'size']).where('user_id', '=', userId).orderBy('name').execute();

let describeState = () => '';

/** Waits until `check` holds, at most `ms`; a failure shows the queue and the folders. */
async function within(ms: number, what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  await eventually(what, check, { withinMs: ms }).catch((error: Error) => {
    throw new Error(`${error.message}: ${describeState()}`);
  });
}

const write = (file: string, content: string | Buffer) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
};
const ipfsAdd = (file: string) =>
  (JSON.parse(execFileSync('ipfs_cid', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as { CIDv0: string }).CIDv0;

describe('WatchedFolders (each file its own record)', () => {
  it('pins bursts in nested folders and a slowly written file once, within 5 s of the last write', async () => {
    const { user, token } = await account();
    const inbox = path.join(root, 'burst');
    write(path.join(inbox, 'already.txt'), 'was there first');
    const app = await desktopApp(path.join(root, 'burst-data'), token);
    await app.folders.add(inbox, 'files', false);
    await within(5000, 'the file already there is pinned', async () => (await records(user.id)).length === 1);

    // A burst is bound by the server's pace, not the watcher's: every file is taken, once.
    for (let index = 0; index < 40; index++)
      write(path.join(inbox, `a${index % 4}`, 'b', `burst-${index}.txt`), `burst ${index} ${crypto.randomUUID()}`);
    await within(60_000, 'the burst is pinned', async () => (await records(user.id)).length === 41);
    expect(app.queue.items()).toHaveLength(41);

    // One new file, on its own, is pinned within 5 s of its last write.
    write(path.join(inbox, 'single.txt'), 'one more');
    const singleWritten = Date.now();
    await within(5000, 'single.txt is pinned', async () => (await records(user.id)).some((row) => row.name === 'single.txt'));
    expect(Date.now() - singleWritten).toBeLessThan(5000);

    const slow = path.join(inbox, 'slow.bin');
    const handle = fs.openSync(slow, 'w');
    for (let chunk = 0; chunk < 10; chunk++) {
      fs.writeSync(handle, crypto.randomBytes(50_000));
      // The pauses are the scenario: writes 300 ms apart, within the watcher's 1 s settle time, for 3 s.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    fs.closeSync(handle);
    const slowWritten = Date.now();
    await within(5000, 'slow.bin is pinned', async () => (await records(user.id)).some((row) => row.name === 'slow.bin'));
    expect(Date.now() - slowWritten).toBeLessThan(5000);
    // A file written now settles after any late report of slow.bin: once it is pinned and nothing is
    // on its way into the queue, slow.bin has had every chance to be sent twice.
    write(path.join(inbox, 'after-slow.txt'), 'written after');
    await within(10_000, 'the file written after slow.bin is pinned', () => app.folders.list()[0]!.pinnedCount === 44 && app.quiet());
    const slowRecords = (await records(user.id)).filter((row) => row.name === 'slow.bin');
    expect(slowRecords).toEqual([expect.objectContaining({ size: 500_000, cid: ipfsAdd(slow) })]);
    expect(app.queue.items().filter((item) => item.path === slow)).toHaveLength(1);
    expect(app.folders.list()).toMatchObject([{ state: 'watching', error: null, fileCount: 44, pinnedCount: 44 }]);
  }, 120_000);

  it('follows renames, keeps a deleted file’s record unless asked, and finds changes made while stopped', async () => {
    const { user, token } = await account();
    const inbox = path.join(root, 'follow');
    const appData = path.join(root, 'follow-data');
    write(path.join(inbox, 'notes.txt'), 'first notes');
    write(path.join(inbox, 'old.txt'), 'to be deleted');
    write(path.join(inbox, 'edit.txt'), 'before');
    const first = await desktopApp(appData, token);
    await first.folders.add(inbox, 'files', false);
    await within(20_000, 'the three files are pinned', async () => (await records(user.id)).length === 3);
    const notesId = (await records(user.id)).find((row) => row.name === 'notes.txt')!.id;

    fs.renameSync(path.join(inbox, 'notes.txt'), path.join(inbox, 'renamed.txt'));
    await within(5000, 'the record follows the rename', async () =>
      (await records(user.id)).some((row) => row.id === notesId && row.name === 'renamed.txt'),
    );
    fs.rmSync(path.join(inbox, 'old.txt'));
    await within(3000, 'the deletion is seen', () => first.folders.list()[0]!.fileCount === 2);
    expect((await records(user.id)).map((row) => row.name)).toEqual(['edit.txt', 'old.txt', 'renamed.txt']);

    await first.stop();
    write(path.join(inbox, 'while-closed', 'new.txt'), 'added while the app was closed');
    write(path.join(inbox, 'edit.txt'), 'after, and longer');
    fs.rmSync(path.join(inbox, 'renamed.txt'));
    const second = await desktopApp(appData, token);
    await within(20_000, 'the changes made while stopped are pinned', async () => (await records(user.id)).length === 5);
    const names = (await records(user.id)).map((row) => row.name);
    expect(names).toEqual(['edit-1.txt', 'edit.txt', 'new.txt', 'old.txt', 'renamed.txt']);
    await second.folders.update(inbox, { removeDeleted: true });
    fs.rmSync(path.join(inbox, 'while-closed', 'new.txt'));
    await within(5000, 'the deleted file’s record is removed', async () => !(await records(user.id)).some((row) => row.name === 'new.txt'));
  }, 60_000);

  it('keeps track of uploads that finish while the folder’s settings change', async () => {
    const { user, token } = await account();
    const inbox = path.join(root, 'changing');
    for (let index = 0; index < 30; index++) write(path.join(inbox, `file-${index}.txt`), `file ${index} ${crypto.randomUUID()}`);
    const app = await desktopApp(path.join(root, 'changing-data'), token);
    await app.folders.add(inbox, 'files', false);
    for (let round = 0; round < 20; round++) await app.folders.update(inbox, { removeDeleted: round % 2 === 0 });
    // The updates have all returned: once nothing is on its way into the queue, nothing more comes.
    await within(20_000, 'every file is sent', () => app.queue.items().length >= 30 && app.quiet());
    expect(app.queue.items()).toHaveLength(30);
    expect(app.folders.list()).toMatchObject([{ fileCount: 30, pinnedCount: 30, error: null }]);
    await app.folders.update(inbox, { removeDeleted: true });
    fs.rmSync(path.join(inbox, 'file-0.txt'));
    await within(5000, 'the deleted file’s record is removed', async () => (await records(user.id)).length === 29);
  }, 30_000);

  it('shows a folder that vanished as an error instead of dropping it', async () => {
    const { token } = await account();
    const inbox = path.join(root, 'vanishing');
    const appData = path.join(root, 'vanishing-data');
    write(path.join(inbox, 'a.txt'), 'a');
    const first = await desktopApp(appData, token);
    await first.folders.add(inbox, 'files', false);
    await first.stop();
    fs.rmSync(inbox, { recursive: true });
    const second = await desktopApp(appData, token);
    expect(second.folders.list()).toMatchObject([{ path: inbox, state: 'error', error: expect.stringContaining('no longer exists') }]);
  });
});

describe('WatchedFolders (the folder as one DAG)', () => {
  it('re-pins the folder as one DAG once changes settle', async () => {
    const { user, token } = await account();
    const site = path.join(root, 'site');
    write(path.join(site, 'index.html'), '<h1>v1</h1>');
    const app = await desktopApp(path.join(root, 'site-data'), token);
    await app.folders.add(site, 'dag', false);
    await within(5000, 'the folder is pinned', () => app.folders.list()[0]!.rootCid !== null);
    const firstRoot = app.folders.list()[0]!.rootCid;
    write(path.join(site, 'css', 'a.css'), 'h1{}');
    write(path.join(site, 'index.html'), '<h1>v2</h1>');
    const written = Date.now();
    await within(5000, 'the folder is pinned again', () => app.folders.list()[0]!.rootCid !== firstRoot);
    expect(Date.now() - written).toBeLessThan(5000);
    const root2 = app.folders.list()[0]!.rootCid;
    expect(await (await fetch(`${server.url}/ipfs/${root2}/css/a.css`)).text()).toBe('h1{}');
    expect((await records(user.id)).map((row) => row.cid).sort()).toEqual([firstRoot, root2].sort());
  }, 30_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Name, NameHistory, NameResolution } from '@cairn/shared/api-types';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createUser } from '../../../../server/test/factories';
import { eventually } from '../../../../server/test/eventually';
import { startTestServer, type TestServer } from '../../../../server/test/harness';
import type { FolderPublication } from './folder-types';
import { startFolderApp, type FolderApp, type FolderAppOptions } from './testing/folder-app';
import { startPublishGate, type PublishGate } from './testing/publish-gate';

let server: TestServer;
let gate: PublishGate;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-watch-names-'));
const running: FolderApp[] = [];
let describeState = () => '';

beforeAll(async () => {
  server = await startTestServer({ driver: 'sqlite' });
  gate = await startPublishGate(server.url);
});
afterEach(async () => {
  for (const app of running.splice(0)) await app.stop();
});
afterAll(async () => {
  await gate?.close();
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A signed-in desktop app whose names are published through the gate. */
async function desktopApp(appData: string, token: string, options: Partial<FolderAppOptions> = {}): Promise<FolderApp> {
  const app = await startFolderApp({ serverUrl: server.url, appData: path.join(root, appData), token, publishUrl: gate.url, ...options });
  running.push(app);
  describeState = app.describe;
  return app;
}

/** An account with one IPNS name. */
async function accountWithName(label: string) {
  const user = await createUser(server);
  const { token } = await createApiToken(server, user);
  const created = await server.api.post<Name>('/api/v2/names', { label }, { token });
  if (created.status !== 201) throw new Error(`name: ${created.status} ${created.text}`);
  return { user, token, name: created.body, target: { nameId: created.body.id, name: created.body.name } };
}

const published = async (token: string, nameId: string) =>
  (await server.api.get<NameHistory>(`/api/v2/names/${nameId}/history`, { token })).body.publications.map((entry) => entry.value);
const resolved = async (token: string, name: string) =>
  (await server.api.get<NameResolution>(`/api/v2/resolve/${name}`, { token })).body.value;
const throughName = async (name: string, file: string) => {
  const answer = await fetch(`${server.url}/ipns/${name}/${file}`);
  return answer.ok ? answer.text() : `${answer.status}`;
};

/** Waits until `check` holds, at most `ms`; a failure shows the queue and the folders. */
async function within(ms: number, what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  await eventually(what, check, { withinMs: ms }).catch((error: Error) => {
    throw new Error(`${error.message}: ${describeState()}`);
  });
}

const write = (file: string, content: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
};
const publication = (app: FolderApp): FolderPublication | null => app.folders.list()[0]?.publication ?? null;
/** The folder's root is pinned and its name points at it, with nothing left to do. */
const settled = (app: FolderApp) => {
  const [folder] = app.folders.list();
  return app.quiet() && folder?.rootCid != null && folder.publication?.state === 'idle' && folder.publication.cid === folder.rootCid;
};

describe('WatchedFolders publishing to an IPNS name', () => {
  it('publishes a burst of changes once, as one folder DAG beside the files’ own records, and the name resolves to the latest content', async () => {
    const { user, token, name, target } = await accountWithName('Notes');
    const notes = path.join(root, 'notes');
    write(path.join(notes, 'a.txt'), 'first');
    const app = await desktopApp('notes-data', token);
    await app.folders.add(notes, 'files', false);
    await app.folders.update(notes, { publishTo: target });
    await within(15_000, 'the folder is published', () => settled(app));
    expect(await published(token, name.id)).toHaveLength(1);

    for (let round = 0; round < 5; round++) {
      write(path.join(notes, `burst-${round}.txt`), `burst ${round}`);
      write(path.join(notes, 'a.txt'), `edit ${round}`);
      // The pauses are the scenario: changes 200 ms apart, well within the quiet time before a publication.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await within(20_000, 'the name resolves to the last edit', async () => (await throughName(name.name, 'a.txt')) === 'edit 4');
    await within(10_000, 'everything is sent and published', () => settled(app));
    const rootCid = app.folders.list()[0]!.rootCid!;
    expect(await published(token, name.id)).toHaveLength(2);
    expect(await resolved(token, name.name)).toBe(`/ipfs/${rootCid}`);
    expect(await throughName(name.name, 'burst-4.txt')).toBe('burst 4');
    // Each file keeps its own record too; each version of the folder's DAG is a record of its own.
    const rows = await server.app.db.selectFrom('uploads').select(['name', 'cid']).where('user_id', '=', user.id).execute();
    expect(rows).toContainEqual({ name: 'burst-4.txt', cid: expect.any(String) });
    expect(rows.filter((row) => row.name.startsWith('notes')).map((row) => row.cid)).toContain(rootCid);
    expect(app.folders.list()[0]).toMatchObject({ publishTo: target, publication: { ...target, cid: rootCid, error: null } });
  }, 60_000);

  it('publishes changes made during a publication exactly once more, the newest root, never an older one after it', async () => {
    const { user, token, name, target } = await accountWithName('Site');
    const site = path.join(root, 'site');
    write(path.join(site, 'index.html'), 'v1');
    const app = await desktopApp('site-data', token);
    await app.folders.add(site, 'dag', true);
    await within(10_000, 'the folder is pinned', () => app.folders.list()[0]!.rootCid !== null);
    const first = app.folders.list()[0]!.rootCid!;
    const slow = gate.hold();
    const before = gate.publishes.length;
    await app.folders.update(site, { publishTo: target });
    await within(5000, 'the first publication is under way', () => gate.publishes.length === before + 1);

    write(path.join(site, 'index.html'), 'v2');
    await within(10_000, 'the second version is pinned', () => app.folders.list()[0]!.rootCid !== first);
    const second = app.folders.list()[0]!.rootCid!;
    write(path.join(site, 'index.html'), 'v3');
    await within(10_000, 'the third version is pinned', () => app.folders.list()[0]!.rootCid !== second);
    const third = app.folders.list()[0]!.rootCid!;
    expect(publication(app)).toMatchObject({ state: 'publishing', cid: null });
    slow.release();

    await within(10_000, 'the name points at the third version', () => settled(app));
    expect(await throughName(name.name, 'index.html')).toBe('v3');
    expect(await published(token, name.id)).toEqual([`/ipfs/${third}`, `/ipfs/${first}`]);
    expect(gate.publishes.slice(before)).toEqual(['held', 'forwarded']);
    // The versions the name no longer needs are removed (deleted files' records go, in this folder).
    await within(5000, 'only the third version is held', async () => {
      const rows = await server.app.db.selectFrom('uploads').select('cid').where('user_id', '=', user.id).execute();
      return rows.length === 1 && rows[0]!.cid === third;
    });
  }, 60_000);

  it('retries a publication the network dropped, shows the failure meanwhile, and keeps the name across a restart', async () => {
    const { token, name, target } = await accountWithName('Retried');
    const docs = path.join(root, 'docs');
    write(path.join(docs, 'readme.md'), '# docs');
    const app = await desktopApp('docs-data', token);
    const failures: FolderPublication[] = [];
    app.folders.on('change', () => {
      const now = publication(app);
      if (now?.error) failures.push(now);
    });
    const before = gate.publishes.length;
    gate.dropNext(2);
    await app.folders.add(docs, 'dag', false);
    await app.folders.update(docs, { publishTo: target });
    await within(15_000, 'the folder is published after the failures', () => settled(app));
    expect(gate.publishes.slice(before)).toEqual(['dropped', 'dropped', 'forwarded']);
    expect(failures[0]).toMatchObject({ state: 'retrying', cid: null, error: expect.any(String) });
    expect(publication(app)).toMatchObject({ error: null, cid: app.folders.list()[0]!.rootCid });
    expect(await throughName(name.name, 'readme.md')).toBe('# docs');

    await app.stop();
    running.splice(running.indexOf(app), 1);
    const again = await desktopApp('docs-data', token);
    // Started with the folder's setting and its last publication: nothing to publish again.
    expect(again.folders.list()[0]).toMatchObject({ publishTo: target, publication: { state: 'idle', cid: publication(app)!.cid } });
    expect(gate.publishes.length).toBe(before + 3);
  }, 60_000);

  it('reports a publication the server refuses, without retrying it', async () => {
    const { token, name, target } = await accountWithName('Deleted');
    const gone = path.join(root, 'gone');
    write(path.join(gone, 'a.txt'), 'a');
    const app = await desktopApp('gone-data', token);
    await app.folders.add(gone, 'dag', false);
    await app.folders.update(gone, { publishTo: target });
    await within(15_000, 'the folder is published', () => settled(app));
    expect((await server.api.delete(`/api/v2/names/${name.id}`, { token })).status).toBe(200);
    const before = gate.publishes.length;
    write(path.join(gone, 'a.txt'), 'changed');
    await within(10_000, 'the refusal is shown', () => publication(app)?.error != null && publication(app)?.state === 'idle');
    expect(publication(app)!.error).toMatch(/not found/i);
    expect(gate.publishes.length).toBe(before + 1);
  }, 30_000);
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createUser, type TestUser } from '../../../../server/test/factories';
import { eventually } from '../../../../server/test/eventually';
import { HttpUploader } from './http-uploader';
import { Journal } from './journal';
import type { QueueState } from './queue-types';
import { startCountingProxy, type CountingProxy } from './testing/counting-proxy';
import { bundleWorker, startWorker, type WorkerRun } from './testing/crash-run';
import { ipfsAddCids } from './testing/folder-fixture';
import { RestartableServer } from './testing/live-server';
import { testServerOf } from './testing/test-server';
import { UploadQueue } from './upload-queue';

const MIB = 1024 * 1024;
const RESUMABLE_PATH = '/api/v2/uploads/resumable';
const live = new RestartableServer();
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-queue-tus-'));
const workers: WorkerRun[] = [];
const proxies: CountingProxy[] = [];
let user: TestUser;
let token: string;

beforeAll(async () => {
  await live.start();
  const server = testServerOf(live);
  user = await createUser(server);
  token = (await createApiToken(server, user)).token;
}, 60_000);
afterAll(async () => {
  for (const worker of workers) worker.child.kill('SIGKILL');
  for (const proxy of proxies) await proxy.close();
  await live.dispose();
  fs.rmSync(root, { recursive: true, force: true });
});

function bigFile(folder: string, name: string, size: number): string {
  const file = path.join(root, folder, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, crypto.randomBytes(size));
  return file;
}

async function proxy(options: { hideResumable?: boolean } = {}): Promise<CountingProxy> {
  const started = await startCountingProxy(live.running().url, options);
  proxies.push(started);
  return started;
}

const records = (name: string) =>
  live.running().app.db.selectFrom('uploads').select(['name', 'cid']).where('user_id', '=', user.id).where('name', '=', name).execute();
const reserved = async () => Number((await live.running().app.stores.users.findById(user.id))!.storage_reserved);

describe('the upload queue over tus', () => {
  it(
    'continues a big file from its offset after the queue process is killed mid-way',
    async () => {
      const size = 40 * MIB;
      const file = bigFile('big', 'film.bin', size);
      const expected = (await ipfsAddCids([file])).get(file);
      const counted = await proxy();
      const journal = path.join(root, 'tus-data', 'uploads.json');
      const env = {
        CAIRN_SERVER_URL: counted.url,
        CAIRN_TOKEN: token,
        QUEUE_JOURNAL: journal,
        QUEUE_FOLDER: path.dirname(file),
        QUEUE_RESUMABLE_FROM: String(MIB),
        QUEUE_CHUNK_BYTES: String(16 * MIB),
      };
      const bundle = await bundleWorker(root);
      const first = startWorker(bundle, env);
      workers.push(first);
      await first.until((line) => line.sent >= size * 0.4, '40 % sent', 5 * 60_000);
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');

      // The journal kept the upload's URL, and the server holds part of the file behind it.
      const state = JSON.parse(fs.readFileSync(journal, 'utf8')) as QueueState;
      const resumeUrl = state.items[0]!.resumeUrl!;
      expect(resumeUrl).toMatch(new RegExp(`^${RESUMABLE_PATH}/[0-9a-f-]{36}$`));
      const head = await fetch(`${live.running().url}${resumeUrl}`, {
        method: 'HEAD',
        headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}` },
      });
      const offset = Number(head.headers.get('upload-offset'));
      expect(offset).toBeGreaterThan(0);
      const sentBeforeKill = counted.sentBytes();

      const second = startWorker(bundle, env);
      workers.push(second);
      const end = await second.exited;
      expect(end.code).toBe(0);
      expect(end.last).toMatchObject({ finished: true, done: 1, failed: [] });

      // One creation, continued from its offset: all the bytes sent come to at most 5 % over the file.
      expect(counted.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
      expect(counted.requests.filter((request) => request.method === 'HEAD' && request.path === resumeUrl)).toHaveLength(1);
      expect(counted.sentBytes() - sentBeforeKill).toBeLessThanOrEqual(size - offset);
      expect(counted.sentBytes()).toBeLessThanOrEqual(size * 1.05);
      expect(await records('film.bin')).toEqual([{ name: 'film.bin', cid: expected }]);
      expect(await reserved()).toBe(0);
      const after = JSON.parse(fs.readFileSync(journal, 'utf8')) as QueueState;
      expect(after.items[0]).toMatchObject({ status: 'done', cid: expected });
      expect(after.items[0]!.resumeUrl).toBeUndefined();
    },
    10 * 60_000,
  );

  it('sends a big file as a plain upload where the server has no tus endpoint', async () => {
    const file = bigFile('plain', 'archive.bin', 3 * MIB + 11);
    const expected = (await ipfsAddCids([file])).get(file);
    const hidden = await proxy({ hideResumable: true });
    const uploader = new HttpUploader({ serverUrl: hidden.url, token: () => token, cidVersion: 0, resumableFromBytes: MIB });
    const remembered: Array<string | undefined> = [];
    const result = await uploader.upload(
      { kind: 'file', path: file, size: 3 * MIB + 11 },
      () => undefined,
      new AbortController().signal,
      (url) => remembered.push(url),
    );
    expect(result).toMatchObject({ cid: expected, duplicate: false });
    expect(remembered).toEqual([undefined]);
    // Asked once, then the server is known not to offer it: the next big file goes straight to /upload.
    await uploader.upload(
      { kind: 'file', path: bigFile('plain', 'second.bin', 2 * MIB), size: 2 * MIB },
      () => undefined,
      new AbortController().signal,
    );
    expect(hidden.requests.map((request) => `${request.method} ${request.path.split('?')[0]} ${request.status}`)).toEqual([
      `POST ${RESUMABLE_PATH} 404`,
      'POST /api/v2/upload 201',
      'POST /api/v2/upload 201',
    ]);
    expect(await records('archive.bin')).toEqual([{ name: 'archive.bin', cid: expected }]);
    uploader.close();
  }, 120_000);

  it('drops the partial upload of a cancelled item, giving its reserved quota back', async () => {
    const file = bigFile('cancel', 'huge.bin', 24 * MIB);
    const uploader = new HttpUploader({ serverUrl: live.running().url, token: () => token, resumableFromBytes: MIB, chunkBytes: 4 * MIB });
    const queue = new UploadQueue({ journal: new Journal(path.join(root, 'cancel-data', 'uploads.json'), 10), uploader });
    try {
      queue.start();
      await queue.add([file], 'dag', 'huge');
      const item = queue.items()[0]!;
      await eventually('the upload has a resume URL and 4 MiB sent', () => item.resumeUrl !== undefined && item.sentBytes > 4 * MIB, {
        withinMs: 60_000,
      });
      expect(await reserved()).toBe(24 * MIB);
      queue.cancel(item.id);
      await eventually('the reservation is given back', async () => (await reserved()) === 0, { withinMs: 60_000 });
      const gone = await fetch(`${live.running().url}${item.resumeUrl}`, {
        method: 'HEAD',
        headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}` },
      });
      expect(gone.status).toBe(404);
      expect(queue.items()).toEqual([]);
    } finally {
      queue.close();
      uploader.close();
    }
  }, 120_000);
});

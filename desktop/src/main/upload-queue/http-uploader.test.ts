import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../../server/test/eventually';
import { startTestServer, type TestServer } from '../../../../server/test/harness';
import { createApiToken, createUser, setStorageLimit, type TestUser } from '../../../../server/test/factories';
import { HttpUploader } from './http-uploader';
import { UploadFailure } from './upload-failure';

let server: TestServer;
let user: TestUser;
let token: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-uploader-'));

beforeAll(async () => {
  server = await startTestServer({ driver: 'sqlite' });
  user = await createUser(server);
  token = (await createApiToken(server, user)).token;
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const write = (name: string, content: Buffer | string) => {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
};
const never = new AbortController().signal;
const uploaderFor = (bearer: string | null) => new HttpUploader({ serverUrl: server.url, token: () => bearer, cidVersion: 0 });

async function failureOf(promise: Promise<unknown>): Promise<UploadFailure> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UploadFailure);
  return error as UploadFailure;
}

describe('HttpUploader against a Cairn server', () => {
  it('streams a file from disk: the CID of ipfs add, then duplicate: true for the same content', async () => {
    const size = 13 * 1024 * 1024 + 17;
    const file = write('big.bin', crypto.randomBytes(size));
    const uploader = uploaderFor(token);
    const progress: number[] = [];
    const first = await uploader.upload({ kind: 'file', path: file }, (sent) => progress.push(sent), never);
    const expected = (
      JSON.parse(execFileSync('ipfs_cid', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as { CIDv0: string }
    ).CIDv0;
    expect(first).toEqual({ cid: expected, uploadId: expect.any(String), duplicate: false });
    // The file's own bytes, as the socket takes them, up to all of them.
    expect(progress.length).toBeGreaterThan(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(size);
    expect(await uploader.upload({ kind: 'file', path: file }, () => undefined, never)).toEqual({ ...first, duplicate: true });
    uploader.close();
  });

  it('sends several small files in one request, each its own record under its name, with the CID of ipfs add', async () => {
    const files = ['a/notes.txt', 'b/photo.jpg', 'b/c/empty.bin'].map((name, i) => write(`several/${name}`, crypto.randomBytes(i * 1500)));
    const uploader = uploaderFor(token);
    const seen = new Map<number, number>();
    const results = await uploader.uploadFiles(
      files.map((file) => ({ kind: 'file' as const, path: file, size: fs.statSync(file).size })),
      (index, sent) => seen.set(index, sent),
      never,
    );
    const cids = files.map(
      (file) =>
        (JSON.parse(execFileSync('ipfs_cid', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as { CIDv0: string })
          .CIDv0,
    );
    expect(results.map((r) => r.cid)).toEqual(cids);
    expect(results.map((r) => r.duplicate)).toEqual([false, false, false]);
    expect([...seen]).toEqual([
      [0, 0],
      [1, 1500],
      [2, 3000],
    ]);
    const rows = await server.app.db.selectFrom('uploads').select(['id', 'name']).where('user_id', '=', user.id).execute();
    const byId = new Map(rows.map((row) => [row.id, row.name]));
    expect(results.map((r) => byId.get(r.uploadId))).toEqual(['notes.txt', 'photo.jpg', 'empty.bin']);
    // One gone meanwhile: the request fails as a whole, saying which, and the queue sends the rest alone.
    fs.rmSync(files[1]!);
    expect(
      await failureOf(
        uploader.uploadFiles(
          [files[0]!, files[1]!].map((file) => ({ kind: 'file' as const, path: file, size: 1 })),
          () => undefined,
          never,
        ),
      ),
    ).toMatchObject({ kind: 'fatal', code: 'file_missing' });
  });

  it('sends a folder as one DAG rooted at the folder, once', async () => {
    write('site/index.html', '<h1>hi</h1>');
    write('site/css/a.css', 'h1{}');
    const uploader = uploaderFor(token);
    const first = await uploader.upload({ kind: 'folder', path: path.join(dir, 'site') }, () => undefined, never);
    expect(first.duplicate).toBe(false);
    expect(await (await fetch(`${server.url}/ipfs/${first.cid}/css/a.css`)).text()).toBe('h1{}');
    expect(await uploader.upload({ kind: 'folder', path: path.join(dir, 'site') }, () => undefined, never)).toEqual({
      ...first,
      duplicate: true,
    });
    uploader.close();
  });

  it('reads 401 as sign in again, an exceeded quota as quota, a vanished file as fatal', async () => {
    const file = write('small.txt', crypto.randomBytes(2048));
    expect(await failureOf(uploaderFor('not-a-token').upload({ kind: 'file', path: file }, () => undefined, never))).toMatchObject({
      kind: 'sign_in',
    });
    const full = await createUser(server);
    await setStorageLimit(server, full, 1000);
    const fullToken = (await createApiToken(server, full)).token;
    expect(await failureOf(uploaderFor(fullToken).upload({ kind: 'file', path: file }, () => undefined, never))).toMatchObject({
      kind: 'quota',
      code: 'quota_exceeded',
    });
    // Refused while the body is still streaming: the answer wins over the broken pipe.
    const big = write('too-big.bin', crypto.randomBytes(16 * 1024 * 1024));
    expect(await failureOf(uploaderFor(fullToken).upload({ kind: 'file', path: big }, () => undefined, never))).toMatchObject({
      kind: 'quota',
      code: 'quota_exceeded',
    });
    expect(
      await failureOf(uploaderFor(token).upload({ kind: 'file', path: path.join(dir, 'gone.txt') }, () => undefined, never)),
    ).toMatchObject({
      kind: 'fatal',
      code: 'file_missing',
    });
  });

  it('stops when aborted, and the server keeps nothing of the interrupted upload', async () => {
    const file = write('slow.bin', crypto.randomBytes(8 * 1024 * 1024));
    const controller = new AbortController();
    const uploader = uploaderFor(token);
    // The access log records a request once its handler has ended: only then is "nothing kept" final.
    const answered = vi.spyOn(server.app.metrics, 'request');
    const upload = uploader.upload({ kind: 'file', path: file }, (sent) => sent > 1024 * 1024 && controller.abort(), controller.signal);
    await expect(upload).rejects.toThrow();
    await eventually('the server has ended the upload', () =>
      answered.mock.calls.some(([method, route]) => method === 'POST' && route === '/api/v2/upload'),
    );
    answered.mockRestore();
    const rows = await server.app.db
      .selectFrom('uploads')
      .select('name')
      .where('user_id', '=', user.id)
      .where('name', '=', 'slow.bin')
      .execute();
    expect(rows).toEqual([]);
    uploader.close();
  });
});

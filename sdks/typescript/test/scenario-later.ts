/**
 * Steps 14–17, 19 and 20 of the SDK scenario (sdks/scenario.md): resumable uploads, per-node status
 * and allocations, CAR uploads, the Pinning Service API, groups with key-values, and private files
 * through signed links. Run in order by scenario.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { AbortedError, Cairn, ConflictError, NotFoundError, ValidationError, type Upload, type UploadResult } from '../src';
import { startByteCounter } from './byte-counter';
import { randomFile } from './fixtures';
import { signUp } from './harness';

const MiB = 1024 * 1024;

/** A fresh user and a client on a token of theirs, built from the token alone. */
export async function freshClient(url: string): Promise<Cairn> {
  const user = await signUp(url);
  const created = await new Cairn({ baseUrl: url, token: user.session }).tokens.create({ name: 'sdk-fresh', expiresInDays: 1 });
  return new Cairn({ baseUrl: url, token: created.token });
}

/** 14: 3 MiB in 1 MiB chunks, cut after the first chunk, resumed from the stored URL. */
export async function resumableCutAndResumed(url: string, dir: string): Promise<void> {
  const counter = await startByteCounter(url);
  try {
    const user = await signUp(url);
    const created = await new Cairn({ baseUrl: url, token: user.session }).tokens.create({ name: 'sdk-tus', expiresInDays: 1 });
    const cairn = new Cairn({ baseUrl: counter.url, token: created.token });
    const file = randomFile(dir, 'resumable.bin', 3 * MiB);
    const before = counter.sent();

    let stored: string | undefined;
    const cut = new AbortController();
    const first = await cairn.uploads
      .resumable(file, {
        chunkSize: MiB,
        signal: cut.signal,
        onUploadUrl: (u) => (stored = u),
        onProgress: (p) => p.loaded >= MiB && cut.abort(),
      })
      .catch((e: unknown) => e);
    expect(first).toBeInstanceOf(AbortedError);
    expect(stored).toMatch(/\/api\/v2\/uploads\/resumable\/[A-Za-z0-9_-]+$/);

    const seen: number[] = [];
    const result = await cairn.uploads.resumable(file, { chunkSize: MiB, uploadUrl: stored, onProgress: (p) => seen.push(p.loaded) });
    // It continued where the server stood, not from zero.
    expect(seen[0]).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe(3 * MiB);
    expect(result.duplicate).toBe(false);
    // The part of the first chunk still in flight when it was cut is sent again (it was 5.4% of the
    // file once); a resume from zero would send at least 4 MiB in all.
    expect(counter.sent() - before).toBeLessThanOrEqual(1.15 * 3 * MiB);

    const again = await cairn.uploads.file(file);
    expect(again).toMatchObject({ duplicate: true, cid: result.cid, uploadId: result.uploadId });
  } finally {
    await counter.close();
  }
}

/** 15: the status and allocation of a CID the account holds, then of one it does not. */
export async function statusAndAllocations(cairn: Cairn, held: string, notHeld: string): Promise<void> {
  const status = await cairn.pins.status(held);
  expect(status.cid).toBe(held);
  expect(status.peers).toHaveLength(1);
  expect(status.peers[0]!.status).toBe('pinned');
  const allocation = await cairn.pins.allocations(held);
  expect(allocation).toMatchObject({ replicationMin: 1, replicationMax: 1 });
  expect(allocation.peers).toHaveLength(1);
  expect(allocation.peers[0]!.peerName || allocation.peers[0]!.peerId).toBeTruthy();
  // Each call starts only when awaited, so neither rejects before its handler is attached.
  for (const call of [() => cairn.pins.status(notHeld), () => cairn.pins.allocations(notHeld)]) {
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'file_not_found' });
  }
}

/** 16: the folder's CAR from the gateway, uploaded from its path; the same CAR with a flipped byte is refused. */
export async function carUploads(url: string, cairn: Cairn, dagCid: string, dir: string): Promise<UploadResult> {
  const response = await fetch(`${url}/ipfs/${dagCid}?format=car`);
  expect(response.status).toBe(200);
  const car = path.join(dir, 'site.car');
  fs.writeFileSync(car, new Uint8Array(await response.arrayBuffer()));

  const progress: number[] = [];
  const result = await cairn.uploads.car(car, { onProgress: (p) => progress.push(p.loaded) });
  expect(result).toMatchObject({ cid: dagCid, type: 'directory', duplicate: false });
  expect(progress.at(-1)).toBe(fs.statSync(car).size);

  const bytes = fs.readFileSync(car);
  bytes[bytes.length - 1]! ^= 0xff;
  const bad = path.join(dir, 'bad.car');
  fs.writeFileSync(bad, bytes);
  const before = await cairn.usage.get();
  const error = await cairn.uploads.car(bad).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).status).toBe(400);
  expect((error as ValidationError).code).toMatch(/^car_/);
  expect((await cairn.usage.get()).used).toBe(before.used);
  return result;
}

/** 17: a pin through the Pinning Service API, waited for, listed by name and by status, removed. */
export async function pinningService(cairn: Cairn, cid: string): Promise<void> {
  const name = `psa-${Date.now().toString(36)}`;
  const added = await cairn.psa.add({ cid, name, meta: { app: 'sdk-scenario' } });
  const pinned = await cairn.psa.wait(added, { intervalMs: 200, timeoutMs: 30_000 });
  expect(pinned).toMatchObject({ requestid: added.requestid, status: 'pinned', pin: { name, meta: { app: 'sdk-scenario' } } });

  const byName = await cairn.psa.list({ name });
  expect(byName.results.filter((r) => r.requestid === added.requestid)).toHaveLength(1);
  expect(byName.count).toBe(1);
  const byStatus = await cairn.psa.list({ status: ['pinned'], limit: 1000 });
  expect(byStatus.results.filter((r) => r.requestid === added.requestid)).toHaveLength(1);

  await cairn.psa.remove(added.requestid);
  const error = await cairn.psa.get(added.requestid).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(NotFoundError);
  expect(error).toMatchObject({ status: 404, code: 'not_found' });
}

/** Every record a listing yields, page by page. */
async function idsOf(pages: AsyncIterable<Upload>): Promise<string[]> {
  const ids: string[] = [];
  for await (const upload of pages) ids.push(upload.uploadId);
  return ids;
}

/** 19: a group, a name taken twice, a key-valued upload into it, an existing record added by id, both filters, rename, delete. */
export async function groupsAndKeyValues(cairn: Cairn, existingId: string, dir: string): Promise<void> {
  const group = await cairn.groups.create('reports');
  expect(group).toMatchObject({ name: 'reports', filesCount: 0 });
  const taken = await cairn.groups.create('reports').catch((e: unknown) => e);
  expect(taken).toBeInstanceOf(ConflictError);
  expect(taken).toMatchObject({ status: 409, code: 'group_name_taken' });

  const meta = { project: 'apollo' };
  const file = randomFile(dir, 'report.bin', 1024);
  const uploaded = await cairn.uploads.file(file, { groupId: group.id, meta });
  expect(uploaded).toMatchObject({ duplicate: false, meta });
  expect(await cairn.groups.add(group.id, { uploadIds: [existingId] })).toEqual({ added: 1 });

  const both = [uploaded.uploadId, existingId].sort();
  expect((await cairn.uploads.list({ groupId: group.id })).total).toBe(2);
  expect((await idsOf(cairn.uploads.list({ groupId: group.id, limit: 1 }))).sort()).toEqual(both);
  expect((await cairn.groups.get(group.id)).filesCount).toBe(2);
  expect(await idsOf(cairn.uploads.list({ meta }))).toEqual([uploaded.uploadId]);

  expect(await cairn.groups.rename(group.id, 'reports-2026')).toMatchObject({ id: group.id, name: 'reports-2026' });
  expect((await cairn.groups.get(group.id)).name).toBe('reports-2026');
  expect(await cairn.groups.delete(group.id)).toEqual({ deleted: true });
  const gone = await cairn.groups.get(group.id).catch((e: unknown) => e);
  expect(gone).toBeInstanceOf(NotFoundError);
  expect(gone).toMatchObject({ status: 404, code: 'group_not_found' });
  expect(await idsOf(cairn.uploads.list())).toEqual(expect.arrayContaining(both));
}

/** A gateway fetch without credentials: the status, and the bytes when it answered 200. */
async function fetchPlain(url: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(url);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** 20: a private file refused bare, opened through a 600 s signed link until revoked, then made public. */
export async function privateThroughLink(url: string, cairn: Cairn, dir: string): Promise<void> {
  const file = randomFile(dir, 'private.bin', 2 * 1024);
  const bytes = fs.readFileSync(file);
  const uploaded = await cairn.uploads.file(file, { private: true });
  expect(uploaded).toMatchObject({ duplicate: false, private: true });
  const bare = `${url}/ipfs/${uploaded.cid}`;
  expect((await fetchPlain(bare)).status).toBe(404);

  const link = await cairn.links.create(uploaded.uploadId, { expiresIn: 600 });
  expect(link).toMatchObject({ uploadId: uploaded.uploadId, cid: uploaded.cid, singleUse: false });
  expect(link.url.startsWith(`${bare}?token=`)).toBe(true);
  expect(Math.abs(Date.parse(link.expiresAt) - Date.now() - 600_000)).toBeLessThan(30_000);
  const opened = await fetchPlain(link.url);
  expect(opened.status).toBe(200);
  expect(opened.bytes.equals(bytes)).toBe(true);
  expect((await cairn.links.list(uploaded.uploadId)).filter((l) => l.id === link.id)).toHaveLength(1);

  await cairn.links.revoke(uploaded.uploadId, link.id);
  const revoked = await fetchPlain(link.url);
  expect(revoked.status).toBeGreaterThanOrEqual(400);
  expect(revoked.status).toBeLessThan(500);

  expect(await cairn.uploads.setPrivate(uploaded.uploadId, false)).toMatchObject({ uploadId: uploaded.uploadId, private: false });
  const open = await fetchPlain(bare);
  expect(open.status).toBe(200);
  expect(open.bytes.equals(bytes)).toBe(true);
}

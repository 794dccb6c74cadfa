/**
 * Steps 14–17 of the SDK scenario (sdks/scenario.md): resumable uploads, per-node status and
 * allocations, CAR uploads and the Pinning Service API. Run in order by scenario.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { AbortedError, Cairn, NotFoundError, ValidationError, type UploadResult } from '../src';
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
  for (const call of [cairn.pins.status(notHeld), cairn.pins.allocations(notHeld)]) {
    const error = await call.catch((e: unknown) => e);
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

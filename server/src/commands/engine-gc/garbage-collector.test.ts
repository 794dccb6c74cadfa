import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unixfsFile } from '../../../test/cars';
import { bytesOf, readBack, startEngine, type EngineUnderTest } from '../../../test/engines';
import { createUser, uploadFile } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { contentConfig } from '../../config/content-config';
import { createImportHolds, HOLD_PREFIX, takeCollectionLock } from '../../lib/engine-gc-lock';
import { AppError } from '../../lib/errors';
import type { AppContext } from '../../context';
import { startCollection, type CollectionOptions } from './garbage-collector';
import { eventually } from '../../../test/eventually';

/** One collection to its end; null when another one holds the lease. */
async function garbageCollector(app: AppContext, options: CollectionOptions = {}) {
  try {
    return await (
      await startCollection(app, 'admin', options)
    ).finished;
  } catch (error) {
    if (error instanceof AppError && error.code === 'gc_running') return null;
    throw error;
  }
}

const CHUNK = 262_144;
const MAX = 1 << 30;

/** The CIDs of every block under `cid` but the root, from Kubo itself. */
async function childBlocks(kuboUrl: string, cid: string): Promise<string[]> {
  const response = await fetch(`${kuboUrl}/api/v0/refs?arg=${cid}&recursive=true&unique=true&offline=true`, { method: 'POST' });
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { Ref: string }).Ref);
}

/** Whether Kubo holds the block itself (`offline`: never asks the network). */
async function kuboHas(kuboUrl: string, cid: string): Promise<boolean> {
  const response = await fetch(`${kuboUrl}/api/v0/block/stat?arg=${cid}&offline=true`, { method: 'POST' });
  await response.body?.cancel();
  return response.ok;
}

/** Settles to `pending` when the promise has not settled within `ms`. */
async function stateAfter(promise: Promise<unknown>, ms: number): Promise<'pending' | 'settled'> {
  const pending = Symbol('pending');
  const winner = await Promise.race([
    promise.then(
      () => 'settled' as const,
      () => 'settled' as const,
    ),
    new Promise((r) => setTimeout(() => r(pending), ms)),
  ]);
  return winner === pending ? 'pending' : 'settled';
}

/** A file source that sends `head`, then waits for `open()` before sending `tail`. */
function gatedSource(head: Uint8Array, tail: Uint8Array) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let headSent!: () => void;
  const sent = new Promise<void>((resolve) => (headSent = resolve));
  async function* source(): AsyncGenerator<Uint8Array> {
    yield head;
    headSent();
    await gate;
    yield tail;
  }
  return { source: source(), sent, open };
}

describe.each(DRIVERS)('engine garbage collection (kubo engine, %s)', (driver) => {
  let engine: EngineUnderTest;
  let server: TestServer;
  let kuboUrl: string;
  beforeAll(async () => {
    engine = await startEngine('kubo');
    kuboUrl = engine.kubo!.apiUrl;
    const content = contentConfig({ contentEngine: 'kubo', kuboApiUrl: kuboUrl }, (message) => {
      throw new Error(message);
    });
    server = await startTestServer({ driver, config: { content, leaseMs: 3_000 } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await engine?.stop();
  }, 60_000);

  const holds = () => server.app.stores.leases.countHeld(HOLD_PREFIX, new Date().toISOString());

  it('removes the blocks of deleted content and keeps what is still stored, byte for byte', async () => {
    const user = await createUser(server);
    const gone = bytesOf(3 * CHUNK + 10, 1);
    const kept = bytesOf(2 * CHUNK + 5, 2);
    const deleted = await uploadFile(server, user, 'gone.bin', gone);
    const stays = await uploadFile(server, user, 'kept.bin', kept);
    const children = await childBlocks(kuboUrl, deleted.cid);
    expect(children.length).toBe(4);
    expect((await server.api.delete(`/api/v2/uploads/${deleted.uploadId}`, { token: user.token })).status).toBe(200);
    await eventually('the unpin', async () => !(await server.app.content.isPinned(deleted.cid)));
    expect(await kuboHas(kuboUrl, children[0]!)).toBe(true);

    const result = await garbageCollector(server.app);
    expect(result).toMatchObject({ status: 'done', error: null });
    expect(result?.blocks_removed).toBeGreaterThanOrEqual(children.length);
    for (const child of children) expect(await kuboHas(kuboUrl, child)).toBe(false);
    expect((await readBack(server.app.content, stays.cid)).equals(Buffer.from(kept))).toBe(true);
  });

  it('waits for an import in flight; the import is then pinned and whole', async () => {
    const head = bytesOf(4 * CHUNK, 3);
    const tail = bytesOf(CHUNK + 3, 4);
    const { source, sent, open } = gatedSource(head, tail);
    const adding = server.app.content.addFile(source, { maxBytes: MAX });
    await sent;
    await eventually('the import hold', async () => (await holds()) === 1);

    const collecting = garbageCollector(server.app, { drainMs: 30_000 });
    expect(await stateAfter(collecting, 1_500)).toBe('pending');
    open();
    const added = await adding;
    expect(await collecting).toMatchObject({ status: 'done' });
    expect(await server.app.content.isPinned(added.cid)).toBe(true);
    for (const child of await childBlocks(kuboUrl, added.cid)) expect(await kuboHas(kuboUrl, child)).toBe(true);
    expect((await readBack(server.app.content, added.cid)).equals(Buffer.concat([head, tail]))).toBe(true);
    expect(await holds()).toBe(0);
  });

  it('makes an import wait while a collection holds the lease, then lets it finish', async () => {
    const lock = await takeCollectionLock(server.app.stores.leases, 'a collector elsewhere', {
      clock: server.app.clock,
      leaseMs: server.app.config.leaseMs,
    });
    expect(lock).not.toBeNull();
    const bytes = bytesOf(2 * CHUNK + 9, 5);
    const adding = server.app.content.addFile(
      (async function* () {
        yield bytes;
      })(),
      { maxBytes: MAX },
    );
    try {
      expect(await stateAfter(adding, 1_500)).toBe('pending');
      // It stepped back: the collection sees no hold of it.
      expect(await holds()).toBe(0);
    } finally {
      await lock!.release();
    }
    const added = await adding;
    expect(await server.app.content.isPinned(added.cid)).toBe(true);
    expect((await readBack(server.app.content, added.cid)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('gives an import up with 503 engine_gc_running when a collection outlasts its wait', async () => {
    const leases = server.app.stores.leases;
    const lock = await takeCollectionLock(leases, 'a long collector', { clock: server.app.clock, leaseMs: server.app.config.leaseMs });
    try {
      const error = await createImportHolds(
        leases,
        server.app.instanceId,
        { clock: server.app.clock, leaseMs: server.app.config.leaseMs },
        400,
      )
        .take()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 503, code: 'engine_gc_running', headers: { 'Retry-After': '60' } });
      expect(await holds()).toBe(0);
    } finally {
      await lock!.release();
    }
  });

  it('holds a block import (a CAR upload) from its start to its pin, and to its abort', async () => {
    const file = await unixfsFile([bytesOf(700, 6), bytesOf(900, 7)]);
    const blocks = await server.app.content.importBlocks({ roots: [file.root.cid] });
    expect(await holds()).toBe(1);
    for (const block of [file.root, ...file.leaves]) await blocks.put(block.cid, block.bytes);
    await blocks.pin([{ cid: file.root.cid, dag: [file.root.cid, ...file.leaves.map((leaf) => leaf.cid)] }]);
    expect(await holds()).toBe(0);
    expect(await server.app.content.isPinned(file.root.cid.toString())).toBe(true);

    const dropped = await server.app.content.importBlocks({ roots: [file.root.cid] });
    expect(await holds()).toBe(1);
    await dropped.abort();
    expect(await holds()).toBe(0);
  });

  it('is busy while a live hold stays, and ignores the expired hold of a dead instance', async () => {
    const leases = server.app.stores.leases;
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    await leases.acquire(`${HOLD_PREFIX}live`, 'another instance', iso(now), iso(now + 60_000));
    expect(await garbageCollector(server.app, { drainMs: 500 })).toMatchObject({ status: 'busy', blocks_removed: null });
    await leases.release(`${HOLD_PREFIX}live`, 'another instance');

    await leases.acquire(`${HOLD_PREFIX}dead`, 'a dead instance', iso(now - 60_000), iso(now - 1_000));
    expect(await garbageCollector(server.app, { drainMs: 500 })).toMatchObject({ status: 'done' });
    // The dead hold is gone for good.
    expect(await leases.isHeld(`${HOLD_PREFIX}dead`, iso(now - 30_000))).toBe(false);
  });

  it('never runs two collections at once', async () => {
    const results = await Promise.all([garbageCollector(server.app), garbageCollector(server.app)]);
    expect(results.filter((result) => result === null)).toHaveLength(1);
    expect(results.filter((result) => result?.status === 'done')).toHaveLength(1);

    const lock = await takeCollectionLock(server.app.stores.leases, 'a collector elsewhere', {
      clock: server.app.clock,
      leaseMs: server.app.config.leaseMs,
    });
    try {
      expect(await garbageCollector(server.app)).toBeNull();
    } finally {
      await lock!.release();
    }
    expect(await garbageCollector(server.app)).toMatchObject({ status: 'done' });
  });
});

describe('engine garbage collection (cluster engine, sqlite)', () => {
  let engine: EngineUnderTest;
  let server: TestServer;
  beforeAll(async () => {
    engine = await startEngine('cluster', { peers: 2 });
    const env = engine.cluster!.env;
    const content = contentConfig(
      { contentEngine: 'cluster', kuboApiUrl: env.KUBO_API_URL, clusterApiUrl: env.CLUSTER_API_URL },
      (message) => {
        throw new Error(message);
      },
    );
    server = await startTestServer({ driver: 'sqlite', config: { content, pinTimeoutMs: 20_000 } });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await engine?.stop();
  }, 60_000);

  it('collects on every peer through the Cluster: deleted content goes, kept content stays whole', async () => {
    const user = await createUser(server);
    const kept = bytesOf(2 * CHUNK + 1, 8);
    const deleted = await uploadFile(server, user, 'gone.bin', bytesOf(3 * CHUNK + 2, 9));
    const stays = await uploadFile(server, user, 'kept.bin', kept);
    const kubos = engine.cluster!.nodes.map((node) => node.kubo.apiUrl);
    // The upload answered once a peer's Kubo held its pin, not merely once the Cluster queued it.
    const pinned = await fetch(`${kubos[0]}/api/v0/pin/ls?arg=${stays.cid}&type=recursive`, { method: 'POST' });
    expect(pinned.status).toBe(200);
    await pinned.body?.cancel();
    const children = await childBlocks(kubos[0]!, deleted.cid);
    expect(children.length).toBe(4);
    // Every peer pins everything (replication -1): each holds a copy.
    await eventually('the copies', async () => (await Promise.all(kubos.map((url) => kuboHas(url, children[0]!)))).every(Boolean));
    expect((await server.api.delete(`/api/v2/uploads/${deleted.uploadId}`, { token: user.token })).status).toBe(200);
    await eventually('the unpin', async () => !(await server.app.content.isPinned(deleted.cid)));
    // The Cluster unpins from each peer's Kubo in its own time.
    await eventually('the unpin on the other peer', async () => {
      const response = await fetch(`${kubos[1]}/api/v0/pin/ls?arg=${deleted.cid}&type=recursive`, { method: 'POST' });
      await response.body?.cancel();
      return !response.ok;
    });

    const result = await garbageCollector(server.app);
    expect(result).toMatchObject({ status: 'done', error: null });
    expect(result?.blocks_removed).toBeGreaterThanOrEqual(2 * children.length);
    for (const url of kubos) for (const child of children) expect(await kuboHas(url, child)).toBe(false);
    expect((await readBack(server.app.content, stays.cid)).equals(Buffer.from(kept))).toBe(true);
  });
});

describe('engine garbage collection across two instances (kubo engine, pg)', () => {
  let engine: EngineUnderTest;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    engine = await startEngine('kubo');
    const content = contentConfig({ contentEngine: 'kubo', kuboApiUrl: engine.kubo!.apiUrl }, (message) => {
      throw new Error(message);
    });
    a = await startTestServer({ driver: 'pg', config: { content } });
    b = await startTestServer({ driver: 'pg', shareWith: a, config: { content } });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await engine?.stop();
  }, 60_000);

  it('a collection on one instance waits for an import on the other, which stays pinned and whole', async () => {
    const head = bytesOf(3 * CHUNK, 10);
    const tail = bytesOf(CHUNK + 1, 11);
    const { source, sent, open } = gatedSource(head, tail);
    const adding = b.app.content.addFile(source, { maxBytes: MAX });
    await sent;
    await eventually('the hold of B', async () => (await a.app.stores.leases.countHeld(HOLD_PREFIX, new Date().toISOString())) === 1);
    const collecting = garbageCollector(a.app, { drainMs: 30_000 });
    expect(await stateAfter(collecting, 1_500)).toBe('pending');
    // Meanwhile B cannot start a second one.
    expect(await garbageCollector(b.app)).toBeNull();
    open();
    const added = await adding;
    expect(await collecting).toMatchObject({ status: 'done', instance_id: a.app.instanceId });
    expect(await b.app.content.isPinned(added.cid)).toBe(true);
    expect((await readBack(a.app.content, added.cid)).equals(Buffer.concat([head, tail]))).toBe(true);
  });

  it('of two collections asked at once on two instances, one runs and the other is refused', async () => {
    const results = await Promise.all([garbageCollector(a.app), garbageCollector(b.app)]);
    expect(results.filter((result) => result === null)).toHaveLength(1);
    expect(results.filter((result) => result?.status === 'done')).toHaveLength(1);
  });
});

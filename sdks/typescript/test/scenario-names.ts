/** Step 21 of the SDK scenario (sdks/scenario.md): an IPNS name published, resolved, rolled back and deleted. */
import { expect } from 'vitest';
import { NotFoundError, ValidationError } from '../src';
import { randomFile } from './fixtures';
import { freshClient } from './scenario-later';

/** 21: a fresh user's name; `notHeldCid` is content of another account. */
export async function ipnsNames(url: string, notHeldCid: string, dir: string): Promise<void> {
  const cairn = await freshClient(url);
  const created = await cairn.names.create('website');
  expect(created.name).toMatch(/^k51/);
  expect(created).toMatchObject({ label: 'website', value: null, sequence: null });

  const a = await cairn.uploads.file(randomFile(dir, 'name-a.bin', 1024));
  const b = await cairn.uploads.file(randomFile(dir, 'name-b.bin', 1024));
  const first = await cairn.names.publish(created.id, a.cid);
  expect(first.value).toBe(`/ipfs/${a.cid}`);
  const resolved = await cairn.names.resolve(created.name);
  expect(resolved).toMatchObject({ name: created.name, value: `/ipfs/${a.cid}`, sequence: first.sequence });

  const second = await cairn.names.publish(created.id, `/ipfs/${b.cid}`, { ttlSeconds: 30 });
  expect(second).toMatchObject({ value: `/ipfs/${b.cid}`, ttlSeconds: 30 });
  const history = await cairn.names.history(created.id);
  expect(history.map((p) => p.value)).toEqual([`/ipfs/${b.cid}`, `/ipfs/${a.cid}`]);
  expect(history[0]!.sequence).toBeGreaterThan(history[1]!.sequence);

  const rolledBack = await cairn.names.rollback(created.id, history[1]!.sequence);
  expect(rolledBack.value).toBe(`/ipfs/${a.cid}`);
  expect(rolledBack.sequence).toBeGreaterThan(history[0]!.sequence);
  expect(await cairn.names.get(created.id)).toMatchObject({ value: `/ipfs/${a.cid}`, sequence: rolledBack.sequence });
  expect(await cairn.names.resolve(created.name)).toMatchObject({ value: `/ipfs/${a.cid}`, sequence: rolledBack.sequence });

  const notHeld = await cairn.names.publish(created.id, notHeldCid).catch((e: unknown) => e);
  expect(notHeld).toBeInstanceOf(ValidationError);
  expect(notHeld).toMatchObject({ status: 400, code: 'name_value_not_held' });
  expect((await cairn.names.get(created.id)).value).toBe(`/ipfs/${a.cid}`);

  expect(await cairn.names.delete(created.id)).toEqual({ deleted: true });
  const gone = await cairn.names.get(created.id).catch((e: unknown) => e);
  expect(gone).toBeInstanceOf(NotFoundError);
  expect(gone).toMatchObject({ status: 404, code: 'name_not_found' });
}

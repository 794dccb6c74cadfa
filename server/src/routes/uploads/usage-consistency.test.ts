import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { carBytes } from '../../../test/cars';
import { cborOverLeaf } from '../../../test/car-shapes';
import { createUser, uploadFile, type TestUser } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { eventually } from '../../../test/eventually';
import { serverSuite, withAdmin } from '../../../test/suites';

const ROUNDS = 4;
const OPERATIONS = 50;

/** A deterministic stream of choices, so a failing round can be run again as it was. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, pick: <T>(items: T[]): T => items[Math.floor(next() * items.length)]! };
}

describe.each(DRIVERS)('usage stays the sum of the records under concurrent changes (%s)', (driver) => {
  const suite = withAdmin(serverSuite(driver));

  it(`${ROUNDS} rounds of ${OPERATIONS} parallel uploads, deletes, renames, Pinning Service API replaces and usage checks on one account`, async () => {
    const { server, admin } = suite;
    const user = await createUser(server);
    // Content another account stores: what the pins and replaces of this one land on, without a network.
    const other = await createUser(server);
    const pool: string[] = [];
    for (let i = 0; i < 40; i++) pool.push((await uploadFile(server, other, `pool-${i}.bin`, crypto.randomBytes(512 + i))).cid);
    const rng = random(driver === 'sqlite' ? 26 : 62);
    let serial = 0;

    const records = () =>
      server.app.db.selectFrom('uploads').select(['id', 'cid', 'charged_bytes']).where('user_id', '=', user.id).execute();
    const requests = async () =>
      (await server.app.db.selectFrom('psa_pins').select('requestid').where('user_id', '=', user.id).execute()).map((r) => r.requestid);
    const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, who: TestUser = user) =>
      server.api.request(method, path, { token: who.token, json: body });

    const operations: Array<(ids: string[], cids: string[], pins: string[]) => Promise<{ status: number }>> = [
      () =>
        server.api.request('POST', '/api/v2/upload', {
          token: user.token,
          body: form(`new-${serial++}.bin`, crypto.randomBytes(200 + Math.floor(rng.next() * 4000))),
        }),
      async () => {
        const shape = await cborOverLeaf(1000 + Math.floor(rng.next() * 3000), 1000 + serial++);
        return server.api.request('POST', '/api/v2/upload/car', {
          token: user.token,
          body: await carBytes([shape.root], shape.blocks),
          headers: { 'content-type': 'application/vnd.ipld.car' },
        });
      },
      (ids) => api('DELETE', `/api/v2/uploads/${rng.pick(ids)}`),
      (ids) => api('DELETE', `/api/v2/uploads/${rng.pick(ids)}`),
      (_ids, cids) => api('DELETE', `/api/v2/file/${rng.pick(cids)}`),
      (ids) => api('DELETE', `/api/v2/admin/files/${rng.pick(ids)}`, undefined, admin),
      (ids) => api('PATCH', `/api/v2/uploads/${rng.pick(ids)}`, { name: `renamed-${Math.floor(rng.next() * 8)}.bin` }),
      (ids) => api('PATCH', `/api/v2/uploads/${rng.pick(ids)}`, { name: `renamed-${serial++}.bin` }),
      () => api('POST', '/psa/pins', { cid: rng.pick(pool), name: `pin-${serial++}` }),
      (_ids, _cids, pins) => api('POST', `/psa/pins/${rng.pick(pins)}`, { cid: rng.pick(pool), name: `replaced-${serial++}` }),
      (_ids, _cids, pins) => api('DELETE', `/psa/pins/${rng.pick(pins)}`),
      () => api('POST', '/api/v2/admin/usage/checks', { repair: true }, admin),
    ];

    // Something to change from the first round on.
    for (let i = 0; i < 12; i++) await uploadFile(server, user, `seed-${i}.bin`, crypto.randomBytes(1000 + i));
    for (let i = 0; i < 6; i++) await api('POST', '/psa/pins', { cid: pool[i], name: `seed-pin-${i}` });

    for (let round = 0; round < ROUNDS; round++) {
      const held = await records();
      const ids = held.map((r) => r.id);
      const cids = held.map((r) => r.cid);
      const pins = await requests();
      const answers = await Promise.all(
        Array.from({ length: OPERATIONS }, () => {
          const op = rng.pick(operations);
          return op(ids.length ? ids : ['00000000-0000-4000-8000-000000000000'], cids.length ? cids : pool, pins.length ? pins : ['none']);
        }),
      );
      expect(answers.filter((res) => res.status >= 500 || res.status === 0).map((res) => res.status)).toEqual([]);
      await settled(user.id);
      const [row] = await server.app.db
        .selectFrom('users')
        .select(['storage_used', 'storage_reserved'])
        .where('id', '=', user.id)
        .execute();
      const sum = (await records()).reduce((total, r) => total + Number(r.charged_bytes), 0);
      expect({ round, used: Number(row!.storage_used), reserved: Number(row!.storage_reserved) }).toEqual({
        round,
        used: sum,
        reserved: 0,
      });
    }

    /** Waits for the account's pin jobs and the replacements they finish, so no change is under way. */
    async function settled(userId: string): Promise<void> {
      await eventually(
        'no pin job or replacement is under way',
        async () => {
          const busy = await server.app.db
            .selectFrom('pin_jobs')
            .select('id')
            .where('user_id', '=', userId)
            .where('status', 'in', ['queued', 'pinning'])
            .execute();
          // A replaced request's record is held until its successor's job is over, then settled.
          const replacing = await server.app.db
            .selectFrom('jobs as c')
            .innerJoin('uploads as u', 'u.id', 'c.upload_id')
            .select('c.id')
            .where('u.user_id', '=', userId)
            .execute();
          const reserved = await server.app.db.selectFrom('quota_reservations').select('id').where('user_id', '=', userId).execute();
          return busy.length === 0 && replacing.length === 0 && reserved.length === 0;
        },
        { withinMs: 60_000 },
      );
    }
  }, 240_000);
});

function form(name: string, content: Uint8Array): FormData {
  const body = new FormData();
  body.append('file', new Blob([content]), name);
  return body;
}

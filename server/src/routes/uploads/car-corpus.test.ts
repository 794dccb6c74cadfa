import crypto from 'node:crypto';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carBytes, rawBlock, type TestBlock } from '../../../test/cars';
import {
  bareDagPb,
  cborBlock,
  cborChain,
  cborOverLeaf,
  fileChain,
  fileNode,
  folderBomb,
  folderNode,
  identityRaw,
  leafBytes,
  lyingFile,
  missingBlockSizes,
  pbBlock,
  repeatedLeaf,
  tsizeFolder,
  wideFolder,
  type Shape,
} from '../../../test/car-shapes';
import { createUser, setStorageLimit, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';

const REQUESTS = 1_000;
const LANES = 4;
const KIB = 1024;

/** A deterministic stream of choices: a corpus that fails can be generated again as it was. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)]! };
}
type Rng = ReturnType<typeof random>;

/** The shapes a hostile account sends: lying UnixFS, cheap-to-send and dear-to-walk DAGs, odd roots and codecs. */
function shapes(rng: Rng): Array<() => Promise<Shape>> {
  // Some seeds come back, so accounts send the same root again (200, `duplicate`).
  const seed = () => (rng.next() < 0.3 ? rng.int(1, 20) : rng.int(1, 1_000_000));
  return [
    () => cborOverLeaf(rng.int(1, 64 * KIB), seed()),
    () => lyingFile(rng.int(1, 64 * KIB), rng.pick([0, 1, rng.int(0, 200 * KIB)]), seed()),
    () => missingBlockSizes(rng.int(1, 8 * KIB), seed()),
    () => tsizeFolder(rng.int(1, 16 * KIB), rng.int(1, 8), rng.pick([0, 1, rng.int(0, 32 * KIB)]), seed()),
    () => wideFolder(rng.int(1, 3_000), seed()),
    () => folderBomb(rng.int(2, 60), rng.int(1, 3), seed()),
    // Mostly shallow chains; now and then one at the depth limit or past it.
    () => fileChain(rng.next() < 0.05 ? rng.int(1_000, 1_030) : rng.int(1, 40), seed()),
    () => cborChain(rng.next() < 0.05 ? rng.int(1_000, 1_030) : rng.int(1, 40), seed()),
    () => bareDagPb(rng.int(0, 8 * KIB), seed()),
    () => repeatedLeaf(rng.int(1, 4 * KIB), rng.int(1, 300), seed()),
    async () => {
      // Mixed codecs: a dag-cbor document over a UnixFS file, a raw leaf and a dag-json-free dag-pb node.
      const leaf = await rawBlock(leafBytes(rng.int(1, 4 * KIB), seed()));
      const part = await rawBlock(leafBytes(rng.int(1, 4 * KIB), seed()));
      const file = await fileNode([part]);
      const bare = await pbBlock({ Links: [{ Hash: leaf.cid, Name: 'x', Tsize: 1 }] });
      const root = await cborBlock({ file: file.cid, leaf: leaf.cid, bare: bare.cid, n: seed() });
      return { root: root.cid, blocks: [root, file, part, leaf, bare] };
    },
    async () => {
      // A folder whose entries are files, lying or not, and sub-folders.
      const honest = await rawBlock(leafBytes(rng.int(1, 2 * KIB), seed()));
      const lying = await lyingFile(rng.int(1, 4 * KIB), rng.pick([1, 2 * KIB]), seed());
      const sub = await folderNode([{ name: 'h.bin', block: honest }]);
      const root = await folderNode([
        { name: 'sub', block: sub },
        { name: 'l.bin', block: lying.blocks[0]! },
      ]);
      return { root: root.cid, blocks: [root, sub, honest, ...lying.blocks] };
    },
  ];
}

/** One request's body: a shape as a CAR, often broken one more way. */
async function request(rng: Rng, shape: Shape): Promise<Uint8Array> {
  const unknown = async () => CID.createV1(0x55, await sha256.digest(crypto.randomBytes(16)));
  const blocks: TestBlock[] = [...shape.blocks];
  let roots = [shape.root];
  switch (rng.int(0, 14)) {
    case 0: {
      const car = await carBytes(roots, blocks);
      return car.subarray(0, rng.int(0, car.byteLength - 1)); // truncated
    }
    case 1:
      if (blocks.length > 1) blocks.splice(rng.int(1, blocks.length - 1), 1); // a block missing
      break;
    case 2:
      for (let i = rng.int(1, 4); i > 0; i--) blocks.splice(rng.int(0, blocks.length), 0, rng.pick(shape.blocks)); // duplicates
      break;
    case 3:
      blocks.push(await rawBlock(crypto.randomBytes(rng.int(1, 2 * KIB)))); // a stray block
      break;
    case 4:
      roots = [rng.pick(blocks).cid]; // a wrong root: the rest is stray or missing
      break;
    case 5:
      roots = rng.pick([[], [shape.root, await unknown()], [await unknown()]]);
      break;
    case 6: {
      const at = rng.int(0, blocks.length - 1);
      const bytes = Uint8Array.from(blocks[at]!.bytes);
      if (bytes.byteLength > 0) bytes[rng.int(0, bytes.byteLength - 1)]! ^= 0xff;
      blocks[at] = { cid: blocks[at]!.cid, bytes }; // bytes that do not hash to their CID
      break;
    }
    case 7:
      blocks.sort(() => rng.next() - 0.5);
      break;
    case 8: {
      const inline = await identityRaw(crypto.randomBytes(rng.int(0, 40)));
      roots = [inline];
      blocks.unshift({ cid: inline, bytes: inline.multihash.digest });
      break;
    }
    case 9:
      return Buffer.concat([crypto.randomBytes(rng.int(1, 64)), await carBytes(roots, blocks)]); // a bad header
    default:
      break; // as generated
  }
  return carBytes(roots, blocks);
}

describe.each(DRIVERS)('an adversarial corpus of CAR uploads (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  it(`${REQUESTS} generated CARs: never a 5xx, and no account's usage below the bytes its records hold`, async () => {
    const users: TestUser[] = [];
    for (let lane = 0; lane < LANES; lane++) {
      const user = await createUser(server);
      // Half the accounts are tight, so the quota refuses some of what the shapes would store.
      if (lane % 2 === 0) await setStorageLimit(server, user, 512 * KIB);
      users.push(user);
    }
    const statuses = new Map<number, number>();
    const serverErrors: string[] = [];
    let sent = 0;

    const lane = async (index: number): Promise<void> => {
      const user = users[index]!;
      const rng = random((driver === 'sqlite' ? 1_000 : 2_000) + index);
      const generators = shapes(rng);
      let stored: Uint8Array | undefined;
      while (sent < REQUESTS) {
        if (rng.next() < 0.08) {
          // Room for more: one of the account's records goes.
          const list = await server.api.get('/api/v2/users/me/uploads?limit=100', { token: user.token });
          const files = list.body.files as Array<{ uploadId: string }>;
          if (files.length) await server.api.delete(`/api/v2/uploads/${rng.pick(files).uploadId}`, { token: user.token });
          continue;
        }
        sent++;
        // Now and then the last CAR stored again: the account holds its root already.
        const car = stored && rng.next() < 0.05 ? stored : await request(rng, await rng.pick(generators)());
        const res = await server.api.request('POST', '/api/v2/upload/car', {
          token: user.token,
          body: car,
          headers: { 'content-type': 'application/vnd.ipld.car' },
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) stored = car;
        if (res.status >= 500) serverErrors.push(`${res.status} ${res.text.slice(0, 200)}`);
      }
    };
    await Promise.all(users.map((_, index) => lane(index)));

    expect(serverErrors).toEqual([]);
    // The corpus exercised both sides: stored records and each kind of refusal.
    const seen = JSON.stringify(Object.fromEntries(statuses));
    for (const status of [200, 201, 400, 403, 413]) expect(statuses.get(status) ?? 0, `answers ${status} in ${seen}`).toBeGreaterThan(0);
    for (const user of users) {
      const used = (await server.api.get('/api/v2/users/me/usage', { token: user.token })).body.used as number;
      const records = await server.app.db.selectFrom('uploads').select(['cid', 'charged_bytes']).where('user_id', '=', user.id).execute();
      expect(used).toBe(records.reduce((sum, record) => sum + Number(record.charged_bytes), 0));
      for (const record of records) {
        expect(Number(record.charged_bytes), record.cid).toBeGreaterThanOrEqual(await server.app.content.dagBytes(record.cid));
      }
    }
    const reserved = await server.app.db.selectFrom('quota_reservations').select('id').execute();
    expect(reserved).toEqual([]);
  }, 180_000);
});

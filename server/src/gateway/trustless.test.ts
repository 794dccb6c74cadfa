import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CarBlockIterator, CarReader } from '@ipld/car';
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, fileForm, uploadFile } from '../../test/factories';
import { DRIVERS } from '../../test/harness';
import { validateResponse } from '../../test/openapi-validator';
import { serverSuite } from '../../test/suites';

const run = promisify(execFile);
const CAR_TYPE = 'application/vnd.ipld.car; version=1; order=dfs; dups=n';
// Five leaves of 256 KiB and a short one: enough for byte ranges to pick leaves apart.
const big = new Uint8Array(5 * 262_144 + 1000).map((_, i) => (i * 7) % 251);
const tree = [
  { name: 'site/a.txt', content: 'alpha' },
  { name: 'site/sub/b.txt', content: 'bravo' },
  { name: 'site/sub/deeper/c.bin', content: big },
];

async function verifiedCar(res: Response): Promise<{ roots: string[]; blocks: string[] }> {
  expect(res.status).toBe(200);
  const reader = await CarReader.fromBytes(new Uint8Array(await res.arrayBuffer()));
  const blocks: string[] = [];
  for await (const block of reader.blocks()) {
    expect(Buffer.from((await sha256.digest(block.bytes)).bytes).equals(Buffer.from(block.cid.multihash.bytes))).toBe(true);
    blocks.push(block.cid.toString());
  }
  return { roots: (await reader.getRoots()).map(String), blocks };
}

describe.each(DRIVERS)('trustless gateway: raw blocks and CARs (%s)', (driver) => {
  const suite = serverSuite(driver);
  let file: string;
  let folder: string;
  let sub: string;
  const url = (rest: string) => `${suite.server.url}/ipfs/${rest}`;

  /** A gateway answer, checked against openapi.yaml like every API answer. */
  async function get(rest: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> {
    const res = await fetch(url(rest), { headers, method });
    const contentType = res.headers.get('content-type');
    // Binary bodies are checked by the tests themselves; the contract sees that one was sent.
    const sent = method === 'GET' && (res.status === 200 || res.status === 206) ? 'bytes' : undefined;
    const body = contentType?.includes('json') ? await res.clone().json() : sent;
    expect(validateResponse({ method, url: `/ipfs/${rest}`, status: res.status, contentType, body, headers: res.headers })).toEqual([]);
    return res;
  }

  async function rawBlock(cid: string): Promise<Uint8Array> {
    return new Uint8Array(await (await get(`${cid}?format=raw`)).arrayBuffer());
  }

  /** Every block under `cid` in depth-first order, by following links block by block. */
  async function linkWalk(cid: string, seen: string[] = []): Promise<string[]> {
    if (seen.includes(cid)) return seen;
    seen.push(cid);
    if (CID.parse(cid).code !== dagPb.code) return seen;
    for (const link of dagPb.decode(await rawBlock(cid)).Links) await linkWalk(link.Hash.toString(), seen);
    return seen;
  }

  beforeAll(async () => {
    const user = await createUser(suite.server);
    file = (await uploadFile(suite.server, user, 'big.bin', big)).cid;
    const res = await suite.server.api.request('POST', '/api/v2/upload/directory?mode=dag', { token: user.token, body: fileForm(tree) });
    folder = (res.body as { cid: string }).cid;
    const subDir = dagPb.decode(await rawBlock(folder)).Links.find((link) => link.Name === 'sub')!;
    sub = subDir.Hash.toString();
  });

  it('answers a raw block whose bytes hash to the CID, with the spec headers', async () => {
    const res = await get(`${file}?format=raw`);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from((await sha256.digest(bytes)).bytes).equals(Buffer.from(CID.parse(file).multihash.bytes))).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/vnd.ipld.raw');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=29030400, immutable');
    expect(res.headers.get('etag')).toBe(`"${file}.raw"`);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${file}.bin"; filename*=UTF-8''${file}.bin`);
    expect(res.headers.get('vary')).toContain('Accept');
    expect(res.headers.get('x-ipfs-roots')).toBe(file);
    // A block is bytes like a file's: ranges work on it, several at once as multipart/byteranges.
    const range = await get(`${file}?format=raw`, { range: 'bytes=2-5' });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 2-5/${bytes.byteLength}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(Buffer.from(bytes.subarray(2, 6)))).toBe(true);
    const named = await get(`${file}?format=raw&filename=foobar.bin`);
    expect(named.headers.get('content-disposition')).toContain('attachment; filename="foobar.bin"');
    await named.arrayBuffer();
    expect((await get(`${file}?format=raw`, { 'if-none-match': `"${file}.raw"` })).status).toBe(304);
    const byAccept = await get(file, { accept: 'application/vnd.ipld.raw' });
    expect(Buffer.from(await byAccept.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    const head = await get(`${file}?format=raw`, {}, 'HEAD');
    expect(head.headers.get('content-length')).toBe(String(bytes.byteLength));
  });

  it('streams a CAR of a file: root first, every block verified, each dag-scope exactly', async () => {
    const root = dagPb.decode(await rawBlock(file));
    const leaves = root.Links.map((link) => link.Hash.toString());
    expect(leaves).toHaveLength(6);
    const all = await get(`${file}?format=car`);
    expect(all.headers.get('content-type')).toBe(CAR_TYPE);
    expect(all.headers.get('content-disposition')).toBe(`attachment; filename="${file}.car"; filename*=UTF-8''${file}.car`);
    expect(all.headers.get('accept-ranges')).toBe('none');
    expect(all.headers.get('etag')).toMatch(new RegExp(`^W/"${file}\\.car\\.`));
    const whole = await verifiedCar(all);
    expect(whole.roots).toEqual([file]);
    expect(whole.blocks).toEqual([file, ...leaves]);
    expect((await verifiedCar(await get(`${file}?format=car&dag-scope=entity`))).blocks).toEqual([file, ...leaves]);
    expect((await verifiedCar(await get(`${file}?format=car&dag-scope=block`))).blocks).toEqual([file]);
  });

  it('sends only the leaves covering entity-bytes, plus the root', async () => {
    const sizes = UnixFS.unmarshal(dagPb.decode(await rawBlock(file)).Data!).blockSizes.map(Number);
    const leaves = dagPb.decode(await rawBlock(file)).Links.map((link) => link.Hash.toString());
    const car = async (range: string) => (await verifiedCar(await get(`${file}?format=car&dag-scope=entity&entity-bytes=${range}`))).blocks;
    expect(await car('0:0')).toEqual([file, leaves[0]]);
    expect(await car(`${sizes[0]}:${sizes[0]! + sizes[1]! - 1}`)).toEqual([file, leaves[1]]);
    expect(await car(`${sizes[0]! - 1}:${sizes[0]}`)).toEqual([file, leaves[0], leaves[1]]);
    expect(await car('-10:*')).toEqual([file, leaves[5]]);
    expect(await car('0:*')).toEqual([file, ...leaves]);
    // entity-bytes implies dag-scope=entity: without a scope it still picks leaves.
    expect((await verifiedCar(await get(`${file}?format=car&entity-bytes=0:0`))).blocks).toEqual([file, leaves[0]]);
    // A range wholly past the end is answered like dag-scope=block.
    expect(await car(`${big.byteLength + 10}:*`)).toEqual([file]);
    const etags = new Set<string | null>();
    for (const query of ['', '&dag-scope=block', '&dag-scope=entity&entity-bytes=0:0', '&dag-scope=entity&entity-bytes=0:1']) {
      etags.add((await get(`${file}?format=car${query}`, {}, 'HEAD')).headers.get('etag'));
    }
    expect(etags.size).toBe(4);
  });

  it('streams a nested folder depth-first; a directory entity is its own node; paths name the root', async () => {
    const expected = await linkWalk(folder);
    const whole = await verifiedCar(await get(`${folder}?format=car`));
    expect(whole.roots).toEqual([folder]);
    expect(whole.blocks).toEqual(expected);
    expect(new Set(whole.blocks).size).toBe(whole.blocks.length);
    expect((await verifiedCar(await get(`${folder}?format=car&dag-scope=entity`))).blocks).toEqual([folder]);
    // Under a path, the blocks proving the way down from the URL's CID come first.
    const below = await verifiedCar(await get(`${folder}/sub?format=car&dag-scope=entity`));
    expect(below).toEqual({ roots: [folder], blocks: [folder, sub] });
    expect((await verifiedCar(await get(`${folder}/sub?format=car&dag-scope=block`))).blocks).toEqual([folder, sub]);
    const deep = await verifiedCar(await get(`${folder}/sub?format=car`));
    expect(deep.blocks).toEqual([folder, ...(await linkWalk(sub))]);
    // The streaming decoder reads the same CAR.
    const iterator = await CarBlockIterator.fromIterable((await get(`${folder}?format=car`)).body!);
    let count = 0;
    for await (const _ of iterator) count++;
    expect(count).toBe(expected.length);
  });

  it('round-trips: ipfs-car unpack of a CAR from the gateway gives back the original bytes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-car-'));
    try {
      fs.writeFileSync(path.join(dir, 'folder.car'), new Uint8Array(await (await get(`${folder}?format=car`)).arrayBuffer()));
      await run('npx', ['ipfs-car', 'unpack', path.join(dir, 'folder.car'), '--output', path.join(dir, 'out')], { timeout: 60_000 });
      expect(fs.readFileSync(path.join(dir, 'out', 'a.txt'), 'utf8')).toBe('alpha');
      expect(fs.readFileSync(path.join(dir, 'out', 'sub', 'b.txt'), 'utf8')).toBe('bravo');
      expect(Buffer.from(fs.readFileSync(path.join(dir, 'out', 'sub', 'deeper', 'c.bin'))).equals(Buffer.from(big))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('negotiates by ?format= first, then Accept, and refuses what it cannot send', async () => {
    const accepted = await get(file, { accept: 'application/vnd.ipld.car; version=1; order=dfs' });
    expect((await verifiedCar(accepted)).roots).toEqual([file]);
    const unknownOrder = await get(file, { accept: 'application/vnd.ipld.car; order=unk' });
    expect(unknownOrder.headers.get('content-type')).toBe(CAR_TYPE);
    await unknownOrder.arrayBuffer();
    // ?format= wins over Accept (IPIP-523), so a link always means the same thing.
    const formatWins = await get(`${file}?format=car`, { accept: 'application/vnd.ipld.raw' });
    expect(formatWins.headers.get('content-type')).toBe(CAR_TYPE);
    await formatWins.arrayBuffer();
    // A browser's Accept names no IPLD type: ?format= decides.
    const browser = await get(`${file}?format=raw`, { accept: 'text/html,*/*;q=0.8' });
    expect(browser.headers.get('content-type')).toBe('application/vnd.ipld.raw');
    await browser.arrayBuffer();
    // Duplicates on request, by Accept or by query (which wins over Accept).
    for (const [query, accept] of [
      ['', 'application/vnd.ipld.car; dups=y'],
      ['?format=car&car-dups=y', 'application/vnd.ipld.car; dups=n'],
    ] as const) {
      const res = await get(`${file}${query}`, { accept });
      expect(res.headers.get('content-type')).toBe('application/vnd.ipld.car; version=1; order=dfs; dups=y');
      await res.arrayBuffer();
    }
    for (const accept of ['application/vnd.ipld.car; version=2', 'application/vnd.ipld.car; order=bfs']) {
      const res = await get(file, { accept });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('invalid_parameter');
    }
    const unknownType = await get(file, { accept: 'application/vnd.ipld.foo' });
    expect(unknownType.status).toBe(406);
    expect(((await unknownType.json()) as { code: string }).code).toBe('not_acceptable');
    // The same parameters as query parameters, for clients that cannot set Accept.
    const byQuery = await get(`${file}?format=car&car-version=1&car-order=dfs&car-dups=n`);
    expect((await verifiedCar(byQuery)).roots).toEqual([file]);
    for (const query of [
      'format=car&car-version=2',
      'format=car&car-order=bfs',
      'format=car&car-dups=maybe',
      'format=zip',
      'format=car&dag-scope=some',
      'format=car&entity-bytes=5',
      'format=car&entity-bytes=9:2',
    ]) {
      const res = await get(`${file}?${query}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('invalid_parameter');
    }
  });

  it('serves neither blocks nor CARs of content nobody holds', async () => {
    const unheld = 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';
    expect((await get(`${unheld}?format=raw`)).status).toBe(404);
    expect((await get(`${unheld}?format=car`)).status).toBe(404);
    expect((await get(unheld, { accept: 'application/vnd.ipld.car' })).status).toBe(404);
    expect((await get(`${folder}/nope?format=car`)).status).toBe(404);
  });
});

import * as dagJson from '@ipld/dag-json';
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { CID } from 'multiformats/cid';
import { identity } from 'multiformats/hashes/identity';
import { sha256 } from 'multiformats/hashes/sha2';
import tarStream from 'tar-stream';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { carBytes, cborNode, rawBlock, unixfsDirectory, unixfsFile, type TestBlock } from '../../test/cars';
import { createUser, uploadFile, type TestUser } from '../../test/factories';
import { DRIVERS } from '../../test/harness';
import { validateResponse } from '../../test/openapi-validator';
import { serverSuite } from '../../test/suites';

const text = (value: string) => new TextEncoder().encode(value);

async function symlinkNode(target: string): Promise<TestBlock> {
  const bytes = dagPb.encode({ Data: new UnixFS({ type: 'symlink', data: text(target) }).marshal(), Links: [] });
  return { cid: CID.createV1(dagPb.code, await sha256.digest(bytes)), bytes };
}

async function jsonNode(value: unknown): Promise<TestBlock> {
  const bytes = dagJson.encode(value);
  return { cid: CID.createV1(dagJson.code, await sha256.digest(bytes)), bytes };
}

/** Every entry of a tar archive: name → content. */
async function untar(bytes: Uint8Array): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  const extract = tarStream.extract();
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
      stream.on('end', () => {
        entries.set(header.name, header.type === 'symlink' ? `-> ${header.linkname}` : Buffer.concat(chunks).toString('utf8'));
        next();
      });
      stream.resume();
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  Readable.from([Buffer.from(bytes)]).pipe(extract);
  await done;
  return entries;
}

describe.each(DRIVERS)('path gateway: what the IPFS gateway conformance suite checks (%s)', (driver) => {
  const suite = serverSuite(driver);
  let user: TestUser;
  let site: TestBlock; // { index.html, ą/{ ę/{ t.json, link → t.json } } }
  let inner: TestBlock; // ą/ę
  let json: TestBlock;
  let document: TestBlock; // dag-json { foo: { link: leaf } } where leaf is dag-json { hello }
  let leafDoc: TestBlock;

  async function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> {
    const res = await fetch(`${suite.server.url}${path}`, { headers, method, redirect: 'manual' });
    const contentType = res.headers.get('content-type');
    const sent = method === 'GET' && (res.status === 200 || res.status === 206) ? 'bytes' : undefined;
    const body = method === 'GET' && contentType?.startsWith('application/json') && res.status >= 400 ? await res.clone().json() : sent;
    if (res.status !== 301 && method !== 'OPTIONS') {
      expect(validateResponse({ method, url: path, status: res.status, contentType, body, headers: res.headers })).toEqual([]);
    }
    return res;
  }

  const postCar = async (root: CID, blocks: TestBlock[]) => {
    const res = await suite.server.api.request('POST', '/api/v2/upload/car', {
      token: user.token,
      body: await carBytes([root], blocks),
      headers: { 'content-type': 'application/vnd.ipld.car' },
    });
    expect(res.status).toBe(201);
  };

  beforeAll(async () => {
    user = await createUser(suite.server);
    json = await rawBlock(text('{"greeting": "hello", "list": [1, 2, 3]}'));
    const link = await symlinkNode('t.json');
    inner = await unixfsDirectory([
      { name: 't.json', cid: json.cid, size: json.bytes.byteLength },
      { name: 'link', cid: link.cid, size: link.bytes.byteLength },
    ]);
    const middle = await unixfsDirectory([{ name: 'ę', cid: inner.cid, size: 100 }]);
    const index = await rawBlock(text('<!doctype html><h1>hi</h1>'));
    site = await unixfsDirectory([
      { name: 'ą', cid: middle.cid, size: 200 },
      { name: 'index.html', cid: index.cid, size: 26 },
    ]);
    await postCar(site.cid, [site, middle, inner, json, link, index]);
    leafDoc = await jsonNode({ hello: 'this is not a link' });
    document = await jsonNode({ foo: { link: leafDoc.cid }, n: 1 });
    await postCar(document.cid, [document, leafDoc]);
  });

  it('names every segment in X-Ipfs-Roots, and serves JSON bytes as application/json', async () => {
    const res = await get(`/ipfs/${site.cid}/%C4%85/%C4%99/t.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('x-ipfs-roots')?.split(',')).toHaveLength(4);
    expect(res.headers.get('x-ipfs-roots')?.split(',').at(-1)).toBe(json.cid.toString());
    // By its bytes too, at a bare CID with no name to go by.
    expect((await get(`/ipfs/${json.cid}`)).headers.get('content-type')).toBe('application/json');
  });

  it('redirects a directory to its trailing slash, serves its index.html, and lists the others', async () => {
    const bare = await get(`/ipfs/${site.cid}/%C4%85?x=1`);
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe(`/ipfs/${site.cid}/%C4%85/?x=1`);
    const index = await get(`/ipfs/${site.cid}/`);
    expect(index.headers.get('content-type')).toBe('text/html');
    expect(index.headers.get('etag')).toBe(`"${site.cid}"`);
    expect(await index.text()).toContain('<h1>hi</h1>');
    const listing = await get(`/ipfs/${site.cid}/%C4%85/%C4%99/`);
    expect(listing.headers.get('etag')).toMatch(new RegExp(`^"DirIndex-.+_CID-${inner.cid}"$`));
    const html = await listing.text();
    expect(html).toContain('Index of');
    expect(html).toContain(`<a href="/ipfs/${site.cid}/%C4%85/%C4%99/t.json">t.json</a>`);
    expect((await get(`/ipfs/${site.cid}/%C4%85/%C4%99/`, { 'if-none-match': `W/${listing.headers.get('etag')}` })).status).toBe(304);
  });

  it('answers 304 to a weak ETag, to any ETag of a list, and to *', async () => {
    const path = `/ipfs/${site.cid}/%C4%85/%C4%99/t.json`;
    for (const tag of [`W/"${json.cid}"`, `"other", "${json.cid}"`, '*']) {
      expect((await get(path, { 'if-none-match': tag })).status).toBe(304);
    }
    const other = await get(path, { 'if-none-match': '"other"' });
    expect(other.status).toBe(200);
    await other.arrayBuffer();
  });

  it('sends a symlink whole, as its target path', async () => {
    const res = await get(`/ipfs/${site.cid}/%C4%85/%C4%99/link`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('6');
    expect(await res.text()).toBe('t.json');
  });

  it('answers several ranges as multipart/byteranges', async () => {
    const res = await get(`/ipfs/${json.cid}`, { range: 'bytes=2-9,0-0' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toMatch(/^multipart\/byteranges; boundary=/);
    const body = await res.text();
    expect(body).toContain(`Content-Range: bytes 2-9/${json.bytes.byteLength}\r\n\r\ngreeting`);
    expect(body).toContain(`Content-Range: bytes 0-0/${json.bytes.byteLength}\r\n\r\n{`);
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(body));
  });

  it('412 instead of 404 with only-if-cached, for content not held here', async () => {
    const unheld = 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';
    expect((await get(`/ipfs/${unheld}`, { 'cache-control': 'only-if-cached' })).status).toBe(412);
    expect((await get(`/ipfs/${unheld}`, { 'cache-control': 'only-if-cached' }, 'HEAD')).status).toBe(412);
    expect((await get(`/ipfs/${json.cid}`, { 'cache-control': 'only-if-cached' }, 'HEAD')).status).toBe(200);
  });

  it('gives every answer, and OPTIONS without Origin, the gateway CORS headers', async () => {
    for (const res of [await get(`/ipfs/${json.cid}`), await get(`/ipfs/${json.cid}`, {}, 'OPTIONS')]) {
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
      expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type, Range, User-Agent, X-Requested-With');
      expect(res.headers.get('access-control-expose-headers')).toContain('X-Ipfs-Roots');
      await res.arrayBuffer();
    }
  });

  it('serves a dag-json document by its codec, walks its links, and never converts codecs', async () => {
    const own = await get(`/ipfs/${document.cid}`);
    expect(own.headers.get('content-type')).toBe('application/vnd.ipld.dag-json');
    expect(own.headers.get('content-disposition')).toContain(`inline; filename="${document.cid}.json"`);
    expect(Buffer.from(await own.arrayBuffer()).equals(Buffer.from(document.bytes))).toBe(true);
    const plain = await get(`/ipfs/${document.cid}?format=json`);
    expect(plain.headers.get('content-type')).toBe('application/json');
    await plain.arrayBuffer();
    const hop = await get(`/ipfs/${document.cid}/foo/link`);
    expect(hop.headers.get('x-ipfs-roots')).toBe(`${document.cid},${leafDoc.cid}`);
    expect(await hop.json()).toEqual({ hello: 'this is not a link' });
    expect((await get(`/ipfs/${document.cid}/foo`)).status).toBe(501);
    expect((await get(`/ipfs/${document.cid}/nope`)).status).toBe(404);
    for (const path of [`/ipfs/${document.cid}?format=dag-cbor`, `/ipfs/${json.cid}?format=dag-json`]) {
      const res = await get(path);
      expect(res.status).toBe(406);
      expect(((await res.json()) as { code: string }).code).toBe('not_acceptable');
    }
    const preview = await get(`/ipfs/${document.cid}/`, { accept: 'text/html' });
    expect(preview.headers.get('etag')).toMatch(/^"DagIndex-/);
    expect(preview.headers.get('content-disposition')).toBeNull();
    const page = await preview.text();
    expect(page).toContain(leafDoc.cid.toString());
    expect(page).not.toMatch(/<script/i);
  });

  it('follows a dag-cbor path in a CAR request, proof first', async () => {
    const cbor = await cborNode({ files: { single: json.cid } });
    const dir = await unixfsDirectory([{ name: 'document', cid: cbor.cid, size: cbor.bytes.byteLength }]);
    await postCar(dir.cid, [dir, cbor, json]);
    const res = await get(`/ipfs/${cbor.cid}/files/single?format=car`);
    expect(res.status).toBe(200);
    const { CarReader } = await import('@ipld/car');
    const reader = await CarReader.fromBytes(new Uint8Array(await res.arrayBuffer()));
    const blocks: string[] = [];
    for await (const block of reader.blocks()) blocks.push(block.cid.toString());
    expect(blocks).toEqual([cbor.cid.toString(), json.cid.toString()]);
  });

  it('serves identity CIDs from their own bytes, and refuses oversized ones', async () => {
    const inline = CID.createV1(0x55, identity.digest(text('hello')));
    const res = await get(`/ipfs/${inline}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello');
    const car = await get(`/ipfs/${inline}?format=car&car-dups=y`);
    const { CarReader } = await import('@ipld/car');
    const reader = await CarReader.fromBytes(new Uint8Array(await car.arrayBuffer()));
    expect((await reader.getRoots()).map(String)).toEqual([inline.toString()]);
    expect(await reader.blocks().next()).toMatchObject({ done: true });
    const huge = CID.createV1(0x55, identity.digest(new Uint8Array(129).fill(0x41)));
    const refused = await get(`/ipfs/${huge}`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('invalid_cid');
  });

  it('sends a tar of a directory or a file, and refuses one whose entries name paths outside it', async () => {
    const tar = await get(`/ipfs/${site.cid}?format=tar`);
    expect(tar.headers.get('content-type')).toBe('application/x-tar');
    expect(tar.headers.get('etag')).toBe(`W/"${site.cid}.x-tar"`);
    const entries = await untar(new Uint8Array(await tar.arrayBuffer()));
    expect(entries.get(`${site.cid}/ą/ę/t.json`)).toBe(new TextDecoder().decode(json.bytes));
    expect(entries.get(`${site.cid}/ą/ę/link`)).toBe('-> t.json');
    const file = await get(`/ipfs/${json.cid}`, { accept: 'application/x-tar' });
    expect([...(await untar(new Uint8Array(await file.arrayBuffer()))).keys()]).toEqual([json.cid.toString()]);

    const outside = await unixfsDirectory([{ name: '../escape', cid: json.cid, size: json.bytes.byteLength }]);
    await postCar(outside.cid, [outside, json]);
    const refused = await get(`/ipfs/${outside.cid}?format=tar`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('path_outside_root');
  });

  it("types a file by its bytes, never by another account's record name", async () => {
    const owner = await createUser(suite.server);
    const upload = await uploadFile(suite.server, owner, 'quarterly-report.pdf', 'just some text, not a PDF');
    const res = await get(`/ipfs/${upload.cid}`);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    await res.arrayBuffer();
    const big = new Uint8Array(2 * 262_144 + 10).fill(0x41);
    const multi = await unixfsFile([big.subarray(0, 262_144), big.subarray(262_144)]);
    await postCar(multi.root.cid, [multi.root, ...multi.leaves]);
    const chunked = await get(`/ipfs/${multi.root.cid}`, { range: 'bytes=262140-262150' });
    expect(chunked.status).toBe(206);
    expect(Buffer.from(await chunked.arrayBuffer()).equals(Buffer.from(big.subarray(262_140, 262_151)))).toBe(true);
  });
});

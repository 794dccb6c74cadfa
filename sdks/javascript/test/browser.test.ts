/**
 * The dependency-free build in Chromium, loaded from `<script type="module">`, against a live
 * server. The API sends no CORS headers, so the test page is served from the server's own origin:
 * Playwright answers the two static files under /sdk-test/ and every API call reaches the server.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type E2eBrowser } from '../../../e2e/harness/browser';
import { Cairn } from '../../typescript/src';
import { signUp, startHarness, type Harness } from '../../typescript/test/harness';

const bundle = fs.readFileSync(new URL('../cairn.js', import.meta.url), 'utf8');
const page = `<!doctype html>
<meta charset="utf-8">
<title>Cairn SDK</title>
<script type="module">
  import * as sdk from './cairn.js';
  window.sdk = sdk;
  document.title = 'ready';
</script>`;

describe('JavaScript SDK in Chromium', () => {
  let harness: Harness;
  let browser: E2eBrowser;
  let token: string;

  beforeAll(async () => {
    harness = await startHarness();
    token = (await signUp(harness.url)).session;
    browser = await launchBrowser();
    await browser.page.route(`${harness.url}/sdk-test/**`, (route) => {
      const js = route.request().url().endsWith('/cairn.js');
      return route.fulfill({ status: 200, contentType: js ? 'text/javascript' : 'text/html', body: js ? bundle : page });
    });
    await browser.page.goto(`${harness.url}/sdk-test/index.html`);
    await browser.page.waitForFunction(() => document.title === 'ready');
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.stop();
  });

  it('uploads a File and a folder, lists, renames and reads usage from the page', async () => {
    const result = await browser.page.evaluate(async (token) => {
      const { Cairn, ValidationError } = (window as any).sdk;
      const cairn = new Cairn({ token });
      const progress: number[] = [];
      const file = new File([new Uint8Array(300 * 1024).map((_, i) => (i * 31) % 251)], 'browser.bin');
      const uploaded = await cairn.uploads.file(file, { onProgress: (p: { loaded: number }) => progress.push(p.loaded) });
      const folder = await cairn.uploads.directory([
        { path: 'web/index.html', content: new Blob(['<p>hi</p>']) },
        { path: 'web/js/app.js', content: new Blob(['console.log(1)']) },
      ]);
      const names: string[] = [];
      for await (const u of cairn.uploads.list({ limit: 1 })) names.push(u.name);
      const error = await cairn.uploads.rename(uploaded.uploadId, 'bad name!').catch((e: unknown) => e);
      const usage = await cairn.usage.get();
      const back = await (await cairn.gateway.get(uploaded.cid)).arrayBuffer();
      return {
        uploaded,
        folder,
        names,
        progress,
        invalid: { isValidation: error instanceof ValidationError, status: error.status, code: error.code },
        used: usage.used,
        backBytes: back.byteLength,
      };
    }, token);
    expect(result.uploaded).toMatchObject({ name: 'browser.bin', size: 300 * 1024, duplicate: false });
    expect(result.folder).toMatchObject({ type: 'directory', name: 'web' });
    expect(result.folder.files).toHaveLength(2);
    expect(result.names.sort()).toEqual(['browser.bin', 'web']);
    expect(result.progress[0]).toBe(0);
    expect(result.progress.at(-1)).toBe(300 * 1024);
    expect(result.progress).toEqual([...new Set(result.progress)].sort((a, b) => a - b));
    expect(result.invalid).toEqual({ isValidation: true, status: 400, code: 'validation_error' });
    expect(result.used).toBeGreaterThanOrEqual(300 * 1024);
    expect(result.backBytes).toBe(300 * 1024);
  });

  it('resumes a cut tus upload of a File, reads status, imports a CAR Blob and pins through the PSA', async () => {
    const result = await browser.page.evaluate(async (token) => {
      const { Cairn, AbortedError, ValidationError, NotFoundError } = (window as any).sdk;
      const cairn = new Cairn({ token });
      const MiB = 1024 * 1024;
      const bytes = new Uint8Array(3 * MiB);
      for (let i = 0; i < bytes.length; i += 65536) crypto.getRandomValues(bytes.subarray(i, i + 65536));
      const file = new File([bytes], 'resumable.bin');
      let stored = '';
      const cut = new AbortController();
      const first = await cairn.uploads
        .resumable(file, {
          chunkSize: MiB,
          signal: cut.signal,
          onUploadUrl: (u: string) => (stored = u),
          onProgress: (p: { loaded: number }) => p.loaded >= MiB && cut.abort(),
        })
        .catch((e: unknown) => e);
      // What the server kept of the cut upload: the resume must start there, not from 0.
      const head = await fetch(stored, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}` } });
      const keptOffset = Number(head.headers.get('Upload-Offset'));
      const resumedFrom: number[] = [];
      const resumed = await cairn.uploads.resumable(file, {
        chunkSize: MiB,
        uploadUrl: stored,
        onProgress: (p: { loaded: number }) => resumedFrom.push(p.loaded),
      });
      const again = await cairn.uploads.file(file);
      const status = await cairn.pins.status(resumed.cid);
      const allocation = await cairn.pins.allocations(resumed.cid);

      const folder = await cairn.uploads.directory([{ path: 'car/a.txt', content: new Blob([crypto.randomUUID()]) }]);
      const car = await (await fetch(`/ipfs/${folder.cid}?format=car`)).blob();
      const imported = await cairn.uploads.car(car);
      const flipped = new Uint8Array(await car.arrayBuffer());
      flipped[flipped.length - 1]! ^= 0xff;
      const badCar = await cairn.uploads.car(new Blob([flipped])).catch((e: unknown) => e);

      const added = await cairn.psa.add({ cid: folder.cid, name: 'browser-psa', meta: { from: 'browser' } });
      const pinned = await cairn.psa.wait(added, { intervalMs: 200, timeoutMs: 30000 });
      const listed = await cairn.psa.list({ name: 'browser-psa', status: 'pinned' });
      await cairn.psa.remove(added.requestid);
      const gone = await cairn.psa.get(added.requestid).catch((e: unknown) => e);
      return {
        cutIsAborted: first instanceof AbortedError,
        keptOffset,
        resumedFrom: resumedFrom[0],
        resumed,
        again,
        status,
        allocation,
        folderCid: folder.cid,
        imported,
        badCar: { isValidation: badCar instanceof ValidationError, code: badCar.code },
        pinned: { requestid: pinned.requestid, status: pinned.status, added: added.requestid },
        listed: listed.results.map((r: { requestid: string }) => r.requestid),
        gone: { isNotFound: gone instanceof NotFoundError, status: gone.status },
      };
    }, token);
    expect(result.cutIsAborted).toBe(true);
    // Resumed where the server stopped receiving, not from the start: the cut comes once 1 MiB was
    // sent, and the server keeps what reached it, which under load may be a little less.
    expect(result.keptOffset).toBeGreaterThan(0);
    expect(result.resumedFrom).toBeGreaterThanOrEqual(result.keptOffset);
    expect(result.resumed).toMatchObject({ name: 'resumable.bin', size: 3 * 1024 * 1024, duplicate: false });
    expect(result.again).toMatchObject({ cid: result.resumed.cid, duplicate: true });
    expect(result.status.peers.map((p: { status: string }) => p.status)).toEqual(['pinned']);
    expect(result.allocation).toMatchObject({ replicationMin: 1, replicationMax: 1 });
    expect(result.imported).toMatchObject({ cid: result.folderCid, duplicate: true });
    expect(result.badCar.isValidation).toBe(true);
    expect(result.badCar.code).toMatch(/^car_/);
    expect(result.pinned).toEqual({ requestid: result.pinned.added, status: 'pinned', added: result.pinned.added });
    expect(result.listed).toEqual([result.pinned.added]);
    expect(result.gone).toEqual({ isNotFound: true, status: 404 });
  });

  it('publishes an IPNS name from the page, resolves it, rolls it back, and refuses content it does not hold', async () => {
    const other = await signUp(harness.url);
    const foreign = await new Cairn({ baseUrl: harness.url, token: other.session }).uploads.file(
      new TextEncoder().encode(`foreign ${Date.now()}`),
    );
    const result = await browser.page.evaluate(
      async ({ token, foreignCid }) => {
        const { Cairn, ValidationError } = (window as any).sdk;
        const cairn = new Cairn({ token });
        const a = await cairn.uploads.file(new File([crypto.randomUUID()], 'a.txt'));
        const b = await cairn.uploads.file(new File([crypto.randomUUID()], 'b.txt'));
        const made = await cairn.names.create('browser site');
        await cairn.names.publish(made.id, a.cid);
        const first = await cairn.names.resolve(made.name);
        await cairn.names.publish(made.id, `/ipfs/${b.cid}`);
        const history = await cairn.names.history(made.id);
        const rolledBack = await cairn.names.rollback(made.id, history[1].sequence);
        const after = await cairn.names.resolve(made.name);
        const notHeld = await cairn.names.publish(made.id, foreignCid).catch((e: unknown) => e);
        await cairn.names.delete(made.id);
        return {
          a: a.cid,
          b: b.cid,
          first: first.value,
          values: history.map((p: { value: string }) => p.value),
          sequences: history.map((p: { sequence: number }) => p.sequence),
          rolledBack: rolledBack.sequence,
          after,
          notHeld: { isValidation: notHeld instanceof ValidationError, status: notHeld.status, code: notHeld.code },
        };
      },
      { token, foreignCid: foreign.cid },
    );
    expect(result.first).toBe(`/ipfs/${result.a}`);
    expect(result.values).toEqual([`/ipfs/${result.b}`, `/ipfs/${result.a}`]);
    expect(result.sequences[0]).toBeGreaterThan(result.sequences[1]);
    expect(result.after).toMatchObject({ value: `/ipfs/${result.a}`, sequence: result.rolledBack });
    expect(result.rolledBack).toBeGreaterThan(result.sequences[0]);
    expect(result.notHeld).toEqual({ isValidation: true, status: 400, code: 'name_value_not_held' });
  });

  it('adds a custom domain from the page, checks it, lists it and deletes it', async () => {
    const hostname = `browser-${Date.now()}.example.org`;
    const result = await browser.page.evaluate(
      async ({ token, hostname }) => {
        const { Cairn, NotFoundError } = (window as any).sdk;
        const cairn = new Cairn({ token });
        const site = await cairn.names.create('browser domain');
        const added = await cairn.domains.add(hostname, `/ipns/${site.name}`);
        const checked = await cairn.domains.verify(added.id);
        const listed = await cairn.domains.list();
        const deleted = await cairn.domains.delete(added.id);
        const again = await cairn.domains.delete(added.id).catch((e: unknown) => e);
        await cairn.names.delete(site.id);
        return {
          target: `/ipns/${site.name}`,
          added,
          checked: { status: checked.status, lastError: checked.lastError },
          listed: listed.map((d: { hostname: string }) => d.hostname),
          deleted,
          again: { isNotFound: again instanceof NotFoundError, status: again.status, code: again.code },
        };
      },
      { token, hostname },
    );
    expect(result.added).toMatchObject({ hostname, target: result.target, status: 'pending' });
    expect(result.added.dnslinkRecord).toEqual({ name: `_dnslink.${hostname}`, type: 'TXT', value: `dnslink=${result.target}` });
    expect(result.checked).toEqual({ status: 'failed', lastError: 'no dnslink= TXT record' });
    expect(result.listed).toEqual([hostname]);
    expect(result.deleted).toEqual({ deleted: true });
    expect(result.again).toEqual({ isNotFound: true, status: 404, code: 'domain_not_found' });
  });

  it('reports the progress of each file as the browser sends it, and several files go in one request', async () => {
    // A slow uplink (2 MB/s) makes the browser report the body's progress many times on the way.
    const cdp = await browser.context.newCDPSession(browser.page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 2 * 1024 * 1024,
    });
    try {
      const result = await browser.page.evaluate(async (token) => {
        const { Cairn } = (window as any).sdk;
        const cairn = new Cairn({ token });
        const MiB = 1024 * 1024;
        const file = (name: string, size: number) => {
          const bytes = new Uint8Array(size);
          for (let i = 0; i < size; i += 65536) crypto.getRandomValues(bytes.subarray(i, i + 65536));
          return new File([bytes], name);
        };
        const seen: Array<{ loaded: number; file?: string }> = [];
        const onProgress = (p: { loaded: number; file?: string }) => seen.push({ loaded: p.loaded, file: p.file });
        const several = await cairn.uploads.files([file('first.bin', MiB), file('second.bin', 2 * MiB)], { onProgress });
        const chunks: number[] = [];
        const resumable = await cairn.uploads.resumable(file('chunked.bin', 3 * MiB), {
          chunkSize: 2 * MiB,
          onProgress: (p: { loaded: number }) => chunks.push(p.loaded),
        });
        return { several, seen, chunks, resumable };
      }, token);
      const MiB = 1024 * 1024;
      expect(result.several.files.map((f: { name: string }) => f.name)).toEqual(['first.bin', 'second.bin']);
      const { seen } = result;
      // Each file's share of the body, in order, counted in the files' own bytes.
      const within = (file: string) => seen.filter((p) => p.file === file && p.loaded > 0 && p.loaded < 3 * MiB);
      expect(within('first.bin').some((p) => p.loaded < MiB)).toBe(true);
      expect(within('second.bin').some((p) => p.loaded > MiB)).toBe(true);
      expect(seen.map((p) => p.loaded)).toEqual(seen.map((p) => p.loaded).sort((a, b) => a - b));
      expect(seen.at(-1)).toEqual({ loaded: 3 * MiB, file: 'second.bin' });
      // A tus chunk's progress too, from the offset of each chunk on.
      expect(result.chunks.filter((loaded: number) => loaded > 0 && loaded < 2 * MiB).length).toBeGreaterThan(0);
      expect(result.chunks.filter((loaded: number) => loaded > 2 * MiB && loaded < 3 * MiB).length).toBeGreaterThan(0);
      expect(result.chunks.at(-1)).toBe(3 * MiB);
      expect(result.resumable).toMatchObject({ name: 'chunked.bin', size: 3 * MiB });
    } finally {
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await cdp.detach();
    }
  });

  it('refuses a path on disk in the browser with a clear error', async () => {
    const message = await browser.page.evaluate(async (token) => {
      const { Cairn } = (window as any).sdk;
      return new Cairn({ token }).uploads.file('/etc/hosts').catch((e: Error) => e.message);
    }, token);
    expect(message).toContain('Node only');
  });
});

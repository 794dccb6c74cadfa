/**
 * Every quick start that `/docs` and the app's API page show (sdks/snippets/index.json) runs here
 * against a live server with its real runtime — node with tsx, Chromium, Python from the SDK's
 * virtualenv, php, go run, the cairn command — and must print the CID the server recorded for
 * the hello.txt it uploaded.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../../e2e/harness/browser';
import { api, signUp, startHarness, type Harness } from '../../typescript/test/harness';
import { runners, snippetsDir, type RunContext } from './runners';

const manifest = JSON.parse(fs.readFileSync(path.join(snippetsDir, 'index.json'), 'utf8')) as { id: string; file: string }[];
const CID = /\b(baf[a-z2-7]{50,}|Qm[1-9A-HJ-NP-Za-km-z]{44})\b/;

interface Record {
  name: string;
  cid: string;
  size: number;
}

describe('SDK quick starts', () => {
  let harness: Harness;
  const dirs: string[] = [];
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await harness?.stop();
  });

  /** A fresh account's API token and a folder holding hello.txt of random text. */
  async function prepare(): Promise<RunContext & { content: string }> {
    const user = await signUp(harness.url);
    const created = await api<{ token: string }>(
      harness.url,
      'POST',
      '/tokens/generate',
      { name: 'quick start', expiresInDays: 1 },
      user.session,
    );
    expect(created.status).toBe(201);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-snippet-'));
    dirs.push(dir);
    const content = `hello from the quick start ${crypto.randomUUID()}\n`;
    fs.writeFileSync(path.join(dir, 'hello.txt'), content);
    return { dir, url: harness.url, token: created.body.token, content };
  }

  /** The one record the quick start made: its printed CID is the server's, its size the file's. */
  async function expectRecorded(ctx: RunContext & { content: string }, output: string) {
    const list = await api<{ files: Record[] }>(harness.url, 'GET', '/users/me/uploads', undefined, ctx.token);
    expect(list.body.files).toHaveLength(1);
    const [record] = list.body.files;
    expect(record).toMatchObject({ name: 'hello.txt', size: Buffer.byteLength(ctx.content) });
    expect(output.match(CID)?.[1], output).toBe(record!.cid);
  }

  it('lists a snippet for each of the five SDKs and the CLI, each with a runner', () => {
    expect(manifest.map((s) => s.id)).toEqual(['typescript', 'javascript', 'python', 'php', 'go', 'cli']);
    for (const snippet of manifest) expect(fs.existsSync(path.join(snippetsDir, snippet.file)), snippet.file).toBe(true);
    expect([...Object.keys(runners), 'javascript'].sort()).toEqual(manifest.map((s) => s.id).sort());
  });

  for (const id of Object.keys(runners)) {
    it(`runs the ${id} quick start`, async () => {
      const ctx = await prepare();
      const result = await runners[id]!(ctx);
      expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
      await expectRecorded(ctx, result.stdout);
    });
  }

  it('runs the JavaScript quick start as a page in Chromium', async () => {
    const ctx = await prepare();
    const page = fs
      .readFileSync(path.join(snippetsDir, 'javascript.html'), 'utf8')
      .replace("'CAIRN_TOKEN'", JSON.stringify(ctx.token))
      .replace("'CAIRN_API_URL'", JSON.stringify(ctx.url));
    const bundle = fs.readFileSync(path.join(snippetsDir, '..', 'javascript', 'cairn.js'), 'utf8');
    const browser = await launchBrowser();
    try {
      // Served from the server's own origin, as the API sends no CORS headers.
      await browser.page.route(`${ctx.url}/quick-start/**`, (route) => {
        const js = route.request().url().endsWith('/cairn.js');
        return route.fulfill({ status: 200, contentType: js ? 'text/javascript' : 'text/html', body: js ? bundle : page });
      });
      await browser.page.goto(`${ctx.url}/quick-start/index.html`);
      await browser.page.setInputFiles('#pick', path.join(ctx.dir, 'hello.txt'));
      await browser.page.waitForFunction(() => document.querySelector('#result')?.textContent?.startsWith('stored '));
      await expectRecorded(ctx, (await browser.page.textContent('#result')) ?? '');
    } finally {
      await browser.close();
    }
  });
});

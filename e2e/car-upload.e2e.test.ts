import { CarWriter } from '@ipld/car';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotOnFailure, type E2eBrowser } from './harness/browser';
import { apiFiles, apiSignup, apiToken } from './harness/content';
import { en } from './harness/locales';
import { startE2eServer, type E2eServer } from './harness/server';
import { cf, UploadScreen } from './page-models/content-pages';
import { LoginPage } from './page-models/login-page';

let server: E2eServer;
let browser: E2eBrowser;
let page: Page;

const USER = { email: 'car.packer@example.com', password: 'car-packer-password' };
const c = (key: string) => en('content', key);
const content = new TextEncoder().encode('Blocks packed elsewhere, checked here.\n'.repeat(20));

/** A CAR of one raw block: the block is its own root. */
async function oneBlockCar(bytes: Uint8Array): Promise<{ cid: string; car: Buffer }> {
  const cid = CID.create(1, raw.code, await sha256.digest(bytes));
  const { writer, out } = CarWriter.create([cid]);
  const chunks: Uint8Array[] = [];
  const collected = (async () => {
    for await (const chunk of out) chunks.push(chunk);
  })();
  await writer.put({ cid, bytes });
  await writer.close();
  await collected;
  return { cid: cid.toString(), car: Buffer.concat(chunks) };
}

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  page = browser.page;
  await apiSignup(server, USER.email, USER.password);
});

afterEach(screenshotOnFailure(() => page, 'car-'));

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('uploading a CAR file from the Upload page', () => {
  it('checks the file, refuses a damaged CAR in words, and stores a good one under its own root CID', async () => {
    await (await new LoginPage(page).open(server.url)).logIn(USER.email, USER.password);
    const upload = await new UploadScreen(page).open(server.url);
    await upload.chooseMode('car');
    // The CIDs are the CAR's own: no version to choose, a note says why.
    await page.locator('[data-car-note]').getByText(c('upload.car_note')).waitFor();
    expect(await page.locator('select[name=cidVersion]').count()).toBe(0);
    await upload.dropZone().getByText(c('upload.drop_car')).waitFor();
    expect(await upload.filePicker().getAttribute('accept')).toBe('.car,application/vnd.ipld.car');

    await upload.filePicker().setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(content) });
    await upload.submit();
    await upload
      .problem()
      .getByText(cf('upload.checks.not_car', { name: 'notes.txt' }))
      .waitFor();

    const { cid, car } = await oneBlockCar(content);
    const damaged = Buffer.from(car);
    damaged[damaged.length - 1] = damaged[damaged.length - 1]! ^ 0xff;
    await upload.filePicker().setInputFiles({ name: 'damaged.car', mimeType: 'application/vnd.ipld.car', buffer: damaged });
    await upload.submit();
    await page.locator('[data-upload-error]').getByText(c('errors.car_block_mismatch')).waitFor({ timeout: 30_000 });
    const token = await apiToken(server, USER.email, USER.password);
    expect(await apiFiles(server, token)).toEqual([]);

    await upload.filePicker().setInputFiles({ name: 'notes.car', mimeType: 'application/vnd.ipld.car', buffer: car });
    await upload.submit();
    expect(await upload.uploadedCid()).toBe(cid);
    await upload
      .success()
      .getByText(cf('upload.success_car', { name: 'notes', size: `${content.length} bytes` }))
      .waitFor();
    const files = await apiFiles(server, token);
    expect(files.map((file) => [file.name, file.cid, file.size])).toEqual([['notes', cid, content.length]]);
  });
});

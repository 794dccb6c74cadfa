/** The SDK scenario (sdks/scenario.md), steps 1–22 in order, against a live server. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  Cairn,
  ConflictError,
  NotFoundError,
  PermissionError,
  QuotaExceededError,
  ValidationError,
  type Upload,
  type UploadResult,
} from '../src';
import { adminSession, api, signUp, startHarness, type Harness, type TestUser } from './harness';
import { ipfsCid, makeSite, randomFile, tempDir } from './fixtures';
import {
  carUploads,
  freshClient,
  groupsAndKeyValues,
  pinningService,
  privateThroughLink,
  resumableCutAndResumed,
  statusAndAllocations,
} from './scenario-later';
import { customDomains } from './scenario-domains';
import { ipnsNames } from './scenario-names';

describe.sequential('SDK scenario', () => {
  let harness: Harness;
  let user: TestUser;
  let cairn: Cairn;
  let tokenId: string;
  let token: string;
  const temp = tempDir();
  const made: string[] = [];
  let fileV1: UploadResult;
  let fileV0: UploadResult;
  let dagCid: string;
  let pinnedCid: string;
  let live: Cairn;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await harness?.stop();
    temp.remove();
  });

  it('1. signs a fresh user up and logs in', async () => {
    user = await signUp(harness.url);
    expect(user.signupStatus).toBe(201);
    expect(user.loginStatus).toBe(200);
  });

  it('2. makes an API token with the session and builds the client from the token alone', async () => {
    const created = await new Cairn({ baseUrl: harness.url, token: user.session }).tokens.create({ name: 'sdk', expiresInDays: 1 });
    expect(created.token.startsWith('cairn_')).toBe(true);
    ({ id: tokenId, token } = created);
    cairn = new Cairn({ baseUrl: harness.url, token });
    expect((await cairn.users.me()).email).toBe(user.email);
  });

  it('3. uploads 300 KiB of random bytes as CIDv1 and CIDv0, matching the server and ipfs', async () => {
    const file = randomFile(temp.dir, 'random.bin', 300 * 1024);
    fileV1 = await cairn.uploads.file(file);
    expect(fileV1.duplicate).toBe(false);
    expect(fileV1.cid.startsWith('baf')).toBe(true);
    const again = await cairn.uploads.file(new Blob([fs.readFileSync(file)]), { filename: 'random.bin' });
    expect(again).toMatchObject({ duplicate: true, cid: fileV1.cid, uploadId: fileV1.uploadId });

    const v0 = await cairn.uploads.file(fs.createReadStream(file), { cidVersion: 0, filename: 'random-v0.bin' });
    expect(v0.cid.startsWith('Qm')).toBe(true);
    const v0Again = await cairn.uploads.file(file, { cidVersion: 0 });
    expect(v0Again).toMatchObject({ duplicate: true, cid: v0.cid });
    const expected = ipfsCid(file);
    if (expected) expect(v0.cid).toBe(expected.CIDv0);
    made.push(fileV1.uploadId, v0.uploadId);
    fileV0 = v0;
  });

  it('4. uploads the site/ folder from disk as one DAG', async () => {
    const site = makeSite(temp.dir);
    const dag = await cairn.uploads.directory(site.root);
    expect(dag.type).toBe('directory');
    expect(dag.files.map((f) => f.filename).sort()).toEqual(['site/css/a.css', 'site/img/logo.bin', 'site/index.html']);
    for (const f of dag.files) expect(f.cid).toMatch(/^baf/);
    const view = await cairn.dag.get(dag.cid);
    expect(view.totalFiles).toBe(3);
    expect(view.totalSize).toBe(site.bytes);
    made.push(dag.uploadId);
    dagCid = dag.cid;
  });

  it('5. uploads the same folder as separate files', async () => {
    const result = await cairn.uploads.directory(path.join(temp.dir, 'site'), { mode: 'files' });
    expect(result.total).toBe(3);
    expect(result.files).toHaveLength(3);
    expect(new Set(result.files.map((f) => f.uploadId)).size).toBe(3);
    made.push(...result.files.map((f) => f.uploadId));
  });

  it('6. pins by CID: its own content is already_pinned; content of another account gets pinned', async () => {
    const own = await cairn.pins.create(fileV1.cid).catch((e: unknown) => e);
    expect(own).toBeInstanceOf(ConflictError);
    expect(own).toMatchObject({ status: 409, code: 'already_pinned' });

    const other = await signUp(harness.url);
    const form = new FormData();
    form.append('file', new Blob([crypto.getRandomValues(new Uint8Array(4096))]), 'other.bin');
    const uploaded = await fetch(`${harness.url}/api/v2/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.session}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    pinnedCid = ((await uploaded.json()) as { cid: string }).cid;

    const seen: string[] = [];
    const job = await cairn.pins.createAndWait(pinnedCid, { name: 'pinned.bin', intervalMs: 200, onProgress: (j) => seen.push(j.status) });
    expect(job.status).toBe('pinned');
    expect(job.upload).toMatchObject({ cid: pinnedCid, name: 'pinned.bin', source: 'pin' });
    expect(seen.at(-1)).toBe('pinned');
    made.push(job.upload!.uploadId);
  });

  it('7. lists with limit 2 page by page, every record once, and filters by name', async () => {
    const first = await cairn.uploads.list({ limit: 2 });
    expect(first.total).toBe(made.length);
    const seen: string[] = [];
    for await (const upload of cairn.uploads.list({ limit: 2 })) seen.push(upload.uploadId);
    expect(seen).toHaveLength(made.length);
    expect(new Set(seen)).toEqual(new Set(made));

    const found: Upload[] = [];
    for await (const upload of cairn.uploads.list({ search: fileV1.name })) found.push(upload);
    expect(found.map((u) => u.uploadId)).toContain(fileV1.uploadId);
  });

  // Steps 8–9 rename the CIDv0 record, not the one step 10 deletes: step 19 adds it to a group.
  it('8. refuses the name "bad name!" with a typed validation error', async () => {
    const error = await cairn.uploads.rename(fileV0.uploadId, 'bad name!').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 400, code: 'validation_error' });
    expect((await cairn.uploads.get(fileV0.uploadId)).name).toBe(fileV0.name);
  });

  it('9. renames to renamed.bin', async () => {
    await cairn.uploads.rename(fileV0.uploadId, 'renamed.bin');
    expect((await cairn.uploads.get(fileV0.uploadId)).name).toBe('renamed.bin');
  });

  it('10–11. deletes a record: it is gone (typed 404) and usage went down by its size', async () => {
    const before = await cairn.usage.get();
    const removed = await cairn.uploads.delete(fileV1.uploadId);
    expect(removed.uploadId).toBe(fileV1.uploadId);
    const error = await cairn.uploads.get(fileV1.uploadId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'file_not_found' });
    const after = await cairn.usage.get();
    expect(before.used - after.used).toBe(fileV1.size);
  });

  it('12. on a 1 MiB plan, a 2 MiB upload is a typed quota error and usage is unchanged', async () => {
    const admin = await adminSession(harness);
    const code = `sdk-${Date.now().toString(36)}`;
    const plan = await api(
      harness.url,
      'POST',
      '/admin/plans',
      { code, name: 'SDK 1 MiB', storageLimitBytes: 1024 * 1024, priceMonthlyEur: 0 },
      admin,
    );
    expect(plan.status).toBe(201);
    const me = await cairn.users.me();
    expect((await api(harness.url, 'PATCH', `/admin/users/${me.id}`, { planCode: code }, admin)).status).toBe(200);

    const before = await cairn.usage.get();
    const big = randomFile(temp.dir, 'big.bin', 2 * 1024 * 1024);
    const error = await cairn.uploads.file(big).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(error).toMatchObject({ status: 403, code: 'quota_exceeded' });
    expect((await cairn.usage.get()).used).toBe(before.used);
  });

  it('13. a token revoked through the SDK is a typed authentication error', async () => {
    const second = await cairn.tokens.create({ name: 'sdk-second', expiresInDays: 1 });
    live = new Cairn({ baseUrl: harness.url, token: second.token });
    const revoked = await live.tokens.revoke(tokenId);
    expect(revoked.status).toBe('revoked');
    const error = await cairn.users.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'token_revoked' });
  });

  // The first user is now on a 1 MiB plan: the 3 MiB of step 14 go to a fresh account.
  it('14. a resumable upload cut after its first chunk resumes from the stored URL', async () => {
    await resumableCutAndResumed(harness.url, temp.dir);
  });

  it('15. per-node status and allocation of a held CID; a CID not held is a typed 404', async () => {
    // Step 10 deleted the CIDv1 record, so the account no longer holds that CID.
    await statusAndAllocations(live, fileV0.cid, fileV1.cid);
  });

  let second: Cairn;
  it('16. a second user uploads the folder as a CAR; a corrupted CAR is a typed car_ error', async () => {
    second = await freshClient(harness.url);
    await carUploads(harness.url, second, dagCid, temp.dir);
  });

  it('17. the second user pins through the Pinning Service API, lists, and removes', async () => {
    await pinningService(second, fileV0.cid);
  });

  it('18. a token limited to files:read lists files but may not upload', async () => {
    const created = await second.tokens.create({ name: 'sdk-read', expiresInDays: 1, scopes: ['files:read'] });
    expect(created.scopes).toEqual(['files:read']);
    expect((await second.tokens.list()).tokens.find((t) => t.id === created.id)?.scopes).toEqual(['files:read']);
    const reader = new Cairn({ baseUrl: harness.url, token: created.token });
    const before = (await reader.uploads.list()).total;
    const error = await reader.uploads.file(randomFile(temp.dir, 'scoped.bin', 1024)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect(error).toMatchObject({ status: 403, code: 'insufficient_scope', message: expect.stringContaining('files:write') });
    expect((await reader.uploads.list()).total).toBe(before);
  });

  // The first user's token was revoked in step 13: `live` is their second one.
  it("19. a group with a key-valued file and step 9's record, listed by group and by key, renamed and deleted", async () => {
    await groupsAndKeyValues(live, fileV0.uploadId, temp.dir);
  });

  it('20. a private file is refused bare, opens through a signed link until revoked, and bare once public', async () => {
    await privateThroughLink(harness.url, live, temp.dir);
  });

  it('21. an IPNS name is published, resolved, published again, rolled back and deleted', async () => {
    await ipnsNames(harness.url, fileV0.cid, temp.dir);
  });

  it('22. a custom domain for an IPNS name is pending, fails its check without a DNSLink record, is listed and deleted', async () => {
    await customDomains(harness.url);
  });
});

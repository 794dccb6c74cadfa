/**
 * Each SDK's upload of one large file against `curl -F` to the same live server, in the same run,
 * and each SDK process's peak RSS. A figure to report, never an assertion:
 *
 *   node --import tsx bench/sdk-upload.ts [--mib=1024] [--runs=2] [--only=go,typescript,...]
 *
 * Each run uploads the same file with curl, then through the TypeScript SDK (as one request, and
 * resumably over tus in its default chunks), its JavaScript build, the Python SDK (sync client),
 * the Go SDK and the PHP SDK, each from the file's path in a process of its own (bench/sdk-upload/)
 * run under GNU time for its peak RSS, deleting the record in between so every upload imports
 * every byte. Every SDK must answer curl's CID.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Cairn } from '../sdks/typescript/src';
import { adminSession, api, signUp, startHarness } from '../sdks/typescript/test/harness';
import { report, runChild, sdkChildren, timedProcess } from './sdk-upload/children';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const mib = Number(args.get('mib') ?? 1024);
const runs = Number(args.get('runs') ?? 2);
// Some of the SDKs only, by key (see SDK_KEYS); curl always runs, as the reference.
const only = args.get('only')?.split(',').filter(Boolean);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-sdk-bench-'));
const file = path.join(dir, 'big.bin');
const out = fs.openSync(file, 'w');
for (let i = 0; i < mib; i++) fs.writeSync(out, crypto.randomBytes(1024 * 1024));
fs.closeSync(out);

const harness = await startHarness();
try {
  const user = await signUp(harness.url);
  const admin = await adminSession(harness);
  const code = `bench-${Date.now().toString(36)}`;
  await api(harness.url, 'POST', '/admin/plans', { code, name: 'Bench', storageLimitBytes: 64 * 1024 ** 3, priceMonthlyEur: 0 }, admin);
  const cairn = new Cairn({ baseUrl: harness.url, token: user.session });
  await api(harness.url, 'PATCH', `/admin/users/${(await cairn.users.me()).id}`, { planCode: code }, admin);

  const removeAll = async () => {
    for (const u of (await cairn.uploads.list({ limit: 100 })).files) await cairn.uploads.delete(u.uploadId);
  };
  const children = sdkChildren(dir, only);
  const seconds: Record<string, number[]> = { curl: [] };
  const wall: Record<string, number[]> = {};
  const cpu: Record<string, number[]> = { curl: [] };
  const rss: Record<string, number[]> = {};
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const curl = timedProcess(
      'curl',
      ['-sS', '--fail-with-body', '-H', `Authorization: Bearer ${user.session}`, '-F', `file=@${file}`, `${harness.url}/api/v2/upload`],
      { tmp: dir },
    );
    seconds.curl!.push((performance.now() - started) / 1000);
    if (curl.status !== 0) throw new Error(`curl failed (${curl.status}): ${curl.stderr}${curl.stdout}`);
    cpu.curl!.push(curl.cpuSeconds);
    const cid = (JSON.parse(curl.stdout) as { cid: string }).cid;
    await removeAll();

    for (const child of children) {
      const measured = runChild(child, { URL: harness.url, TOKEN: user.session, FILE: file }, dir);
      if (measured.cid !== cid) throw new Error(`${child.name} answered the CID ${measured.cid}, curl ${cid}`);
      (seconds[child.name] ??= []).push(measured.seconds);
      (wall[child.name] ??= []).push(measured.wallSeconds);
      (cpu[child.name] ??= []).push(measured.cpuSeconds);
      (rss[child.name] ??= []).push((measured.maxRssKiB * 1024) / 1e6);
      await removeAll();
    }
  }
  report({ mib, runs, seconds, wall, cpu, rss, targets: Object.fromEntries(children.map((c) => [c.name, c.ratioTarget])) });
} finally {
  await harness.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

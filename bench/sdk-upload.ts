/**
 * The TypeScript SDK's upload of one large file against `curl -F` to the same live server, in the
 * same run, and the SDK process's peak RSS. A figure to report, never an assertion:
 *
 *   node --import tsx bench/sdk-upload.ts [--mib=1024] [--runs=2]
 *
 * Each run uploads the same file with curl, the TypeScript SDK (as one request, and resumably over
 * tus in its default chunks) and its JavaScript build (each SDK in its own process, so its RSS is
 * its own), deleting the record in between so every upload imports every byte.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Cairn } from '../sdks/typescript/src';
import { adminSession, api, signUp, startHarness } from '../sdks/typescript/test/harness';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const mib = Number(args.get('mib') ?? 1024);
const runs = Number(args.get('runs') ?? 2);

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
  const sdks = {
    'TypeScript SDK (tsx)': ['--import', 'tsx', 'bench/sdk-upload-child.mjs', 'sdks/typescript/src/index.ts'],
    'TypeScript SDK, resumable (tsx)': ['--import', 'tsx', 'bench/sdk-upload-child.mjs', 'resumable', 'sdks/typescript/src/index.ts'],
    'JavaScript build (plain Node)': ['bench/sdk-upload-child.mjs', 'sdks/javascript/cairn.js'],
  };
  const seconds: Record<string, number[]> = { curl: [] };
  const rss: Record<string, number[]> = {};
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const status = execFileSync(
      'curl',
      [
        '-sS',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code}',
        '-H',
        `Authorization: Bearer ${user.session}`,
        '-F',
        `file=@${file}`,
        `${harness.url}/api/v2/upload`,
      ],
      { encoding: 'utf8' },
    );
    seconds.curl!.push((performance.now() - started) / 1000);
    if (status !== '201') throw new Error(`curl answered ${status}`);
    await removeAll();

    for (const [name, argv] of Object.entries(sdks)) {
      const [module] = argv.slice(-1);
      const child = spawnSync(process.execPath, argv.slice(0, -1), {
        env: { ...process.env, URL: harness.url, TOKEN: user.session, FILE: file, SDK_MODULE: module },
        encoding: 'utf8',
      });
      if (child.status !== 0) throw new Error(`${name}: the upload failed: ${child.stderr}`);
      const measured = JSON.parse(child.stdout) as { seconds: number; maxRssKiB: number };
      (seconds[name] ??= []).push(measured.seconds);
      (rss[name] ??= []).push(measured.maxRssKiB / 1024);
      await removeAll();
    }
  }
  const best = (xs: number[]) => Math.min(...xs);
  const curl = best(seconds.curl!);
  console.log(`file: ${mib} MiB, runs: ${runs}`);
  for (const [name, all] of Object.entries(seconds)) {
    const ratio = name === 'curl' ? '' : `, ${(curl / best(all)).toFixed(2)}× curl's throughput`;
    const memory = rss[name] ? `, peak RSS ${rss[name]!.map((m) => m.toFixed(0)).join('/')} MiB` : '';
    console.log(
      `${name}: best ${best(all).toFixed(2)} s (${(mib / best(all)).toFixed(1)} MiB/s), all ${all.map((s) => s.toFixed(2)).join(', ')}${ratio}${memory}`,
    );
  }
} finally {
  await harness.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

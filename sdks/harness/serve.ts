/**
 * A live Cairn server for the SDKs' test suites, whatever their language: SQLite and the embedded
 * IPFS node in a fresh temporary data directory, on an ephemeral loopback port, with an
 * administrator. Prints one JSON line on stdout once it answers:
 *
 *   {"url":"http://127.0.0.1:PORT","admin":{"email":"…","password":"…"}}
 *
 * and runs until SIGTERM, SIGINT or the end of its standard input (so a test runner that dies
 * takes it along), then deletes its data. Run: `node --import tsx sdks/harness/serve.ts`.
 * With `CAIRN_STRIPE_STANDIN=1`, card payments are configured against the local Stripe stand-in.
 * DNSLink lookups (custom domains) go to a DNS server on loopback that holds no records, so a
 * domain's check answers `failed` with `no dnslink= TXT record` and no question leaves the machine.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDnsServer } from '../../scripts/dns-local.mjs';
import '../../server/src/content/polyfills';
import { adminBootstrapper } from '../../server/src/commands/admin/admin-bootstrapper';
import { buildConfig, NO_REQUEST_LIMITS } from '../../server/src/config/config';
import { createLogger } from '../../server/src/lib/logger';
import { startServer } from '../../server/src/server';
import { startStripeStandin } from '../../server/test/stripe-standin';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-sdk-'));
const dns = await startDnsServer();
const admin = { email: 'admin@sdk.test', password: crypto.randomBytes(12).toString('base64url') };
const base = buildConfig({
  port: '0',
  host: '127.0.0.1',
  dataDir,
  logLevel: process.env.LOG_LEVEL ?? 'error',
  staticDir: '',
  adminEmail: admin.email,
  adminPassword: admin.password,
  pinTimeoutSeconds: process.env.PIN_TIMEOUT_SECONDS ?? '10',
  dnslinkResolver: dns.address,
});
const config = {
  ...base,
  signupLimits: { perIp: 100_000, windowSeconds: 3600 },
  // Tests (and the contract fuzzer) touch loopback only: a webhook URL with a host name is never looked up.
  webhooksNameLookup: false,
  loginLimits: { perIp: 100_000, perEmail: 100_000, windowSeconds: 3600 },
  // The SDK suites and the contract fuzzer send thousands of requests from 127.0.0.1 with one token.
  requestLimits: NO_REQUEST_LIMITS,
  argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
};

const stripe = process.env.CAIRN_STRIPE_STANDIN === '1' ? await startStripeStandin() : null;
if (stripe) config.stripe = stripe.config;
const running = await startServer(config, createLogger(config.logLevel));
if (stripe) stripe.webhookUrl = `${running.url}/api/v2/payments/webhook`;
await adminBootstrapper(running.app);
process.stdout.write(`${JSON.stringify({ url: running.url, admin })}\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  const force = setTimeout(() => process.exit(0), 10_000);
  force.unref();
  await running.close().catch(() => undefined);
  await stripe?.close().catch(() => undefined);
  await dns.stop().catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.on('error', () => void stop());
process.stdin.resume();

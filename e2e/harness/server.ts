import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminBootstrapper } from '../../server/src/commands/admin/admin-bootstrapper';
import { buildConfig, NO_REQUEST_LIMITS, type ServerConfig } from '../../server/src/config/config';
import { createLogger } from '../../server/src/lib/logger';
import { startServer, type RunningServer } from '../../server/src/server';
import { startStripeStandin, type StripeStandin } from '../../server/test/stripe-standin';
import { RENDERER_DIR } from './paths';

export const ADMIN = { email: 'admin@cairn.test', password: 'admin-password-1' };

export interface E2eServer extends RunningServer {
  /** Calls the API directly, as a script would (no browser). */
  api(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  /** The local Stripe stand-in Cairn pays through, when started with `{ stripe: true }`. */
  stripe: StripeStandin | null;
}

export interface E2eServerOptions {
  /** Take card payments through a local Stripe stand-in (its checkout page has Pay and Cancel buttons). */
  stripe?: boolean;
  /** Another content engine than the embedded one (say, a Kubo daemon the test started). */
  content?: ServerConfig['content'];
  /** The S3 API (off unless given, as without `S3_PORT`). */
  s3?: ServerConfig['s3'];
  /** The subdomain gateway's domain (off unless given, as without `GATEWAY_DOMAIN`). */
  gatewayDomain?: string;
  /** The DNS servers custom domains' DNSLink records are asked of (a loopback one the test keeps), as `DNSLINK_RESOLVER`. */
  dnslinkResolvers?: string[];
}

/** A real Cairn server on a free loopback port, with a fresh data directory, serving the built UI. */
export async function startE2eServer(options: E2eServerOptions = {}): Promise<E2eServer> {
  if (!fs.existsSync(path.join(RENDERER_DIR, 'index.html'))) throw new Error('Build the UI first: npm run build -w @cairn/desktop');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-e2e-'));
  const base = buildConfig({
    port: '0',
    host: '127.0.0.1',
    dataDir,
    logLevel: 'error',
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
  });
  const config: ServerConfig = {
    ...base,
    staticDir: RENDERER_DIR,
    argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    // Tests touch loopback only: a webhook URL with a host name is never looked up, and a
    // receiver the test starts on 127.0.0.1 is a target the server may post to.
    webhooksNameLookup: false,
    webhooksAllowPrivateTargets: true,
    // A browser test signs in again and again from 127.0.0.1; the limits have API tests of their own.
    loginLimits: { perIp: 10_000, perEmail: 10_000, windowSeconds: 3600 },
    requestLimits: NO_REQUEST_LIMITS,
    // A CID nobody has is given up on after 3 s (not 2 minutes), so the not-found path is testable.
    pinTimeoutMs: 3000,
  };
  if (options.content) config.content = options.content;
  if (options.s3) config.s3 = options.s3;
  if (options.gatewayDomain) config.gatewayDomain = options.gatewayDomain;
  if (options.dnslinkResolvers) config.dnslinkResolvers = options.dnslinkResolvers;
  const stripe = options.stripe ? await startStripeStandin() : null;
  if (stripe) config.stripe = stripe.config;
  const running = await startServer(config, createLogger('error'));
  if (stripe) stripe.webhookUrl = `${running.url}/api/v2/payments/webhook`;
  // As `npm start` does: the configured admin account exists from the first start.
  await adminBootstrapper(running.app);
  return {
    ...running,
    stripe,
    async api(method, apiPath, token, body) {
      const response = await fetch(`${running.url}/api/v2${apiPath}`, {
        method,
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
    async close() {
      await stripe?.settled();
      await running.close();
      await stripe?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

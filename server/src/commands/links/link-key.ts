import crypto from 'node:crypto';
import type { AppContext } from '../../context';

const SECRET_NAME = 'access_link_key';
const keys = new WeakMap<AppContext, Promise<Buffer>>();

/**
 * The key access links are signed with: a random secret in `server_secrets`, written by the first
 * instance that needs it, so every instance of a deployment verifies every link. Read once per process.
 */
export function accessLinkKey(app: AppContext): Promise<Buffer> {
  let key = keys.get(app);
  if (!key) {
    key = load(app);
    keys.set(app, key);
    key.catch(() => keys.delete(app));
  }
  return key;
}

async function load(app: AppContext): Promise<Buffer> {
  await app.db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, value: crypto.randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await app.db.selectFrom('server_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}

/** What a link signs: its id, the CID it opens (the path prefix `/ipfs/<cid>`) and its expiry. */
const signed = (id: string, cid: string, expiresAtMs: number) => `cairn-access-link:v1\n${id}\n/ipfs/${cid}\n${expiresAtMs}`;

/** The link's token: `<id>.<expiry ms>.<HMAC-SHA256, base64url>`. */
export async function linkToken(app: AppContext, id: string, cid: string, expiresAtMs: number): Promise<string> {
  const mac = crypto
    .createHmac('sha256', await accessLinkKey(app))
    .update(signed(id, cid, expiresAtMs))
    .digest('base64url');
  return `${id}.${expiresAtMs}.${mac}`;
}

export interface TokenClaims {
  id: string;
  expiresAtMs: number;
}

/**
 * The claims of a token whose signature holds for this CID, compared in constant time; null for
 * anything else (malformed, another CID, a forged or altered expiry).
 */
export async function verifyLinkToken(app: AppContext, token: string, cid: string): Promise<TokenClaims | null> {
  const match = /^([0-9a-f-]{36})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, expiry, mac] = match as unknown as [string, string, string, string];
  const expiresAtMs = Number(expiry);
  const expected = crypto
    .createHmac('sha256', await accessLinkKey(app))
    .update(signed(id, cid, expiresAtMs))
    .digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return { id, expiresAtMs };
}

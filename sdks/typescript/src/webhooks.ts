/**
 * Verifying a webhook delivery: the `Cairn-Signature` header is `t=<unix seconds>,v1=<hex HMAC-SHA256>`,
 * keyed with the endpoint's whole signing secret over `<t>.<raw body>`. Web Crypto, so the same code
 * runs in browsers, Node, Deno and edge runtimes.
 */
import type { webhooks } from '@cairn/shared/api-types/openapi';

export type WebhookVerificationErrorKind = 'malformed_header' | 'timestamp_outside_tolerance' | 'signature_mismatch';

/** The delivery is not one Cairn signed with this secret (or not recently); `kind` says why. */
export class WebhookVerificationError extends Error {
  readonly kind: WebhookVerificationErrorKind;

  constructor(kind: WebhookVerificationErrorKind, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.kind = kind;
  }
}

type EventBody<T> = T extends { post: { requestBody: { content: { 'application/json': infer Body } } } } ? Body : never;

/**
 * A delivered event: `id`, `type`, `createdAt` and `data`, whose shape follows `type` (narrow on
 * it: `if (event.type === 'pin.pinned') event.data.upload`). Every type is documented under
 * `webhooks` in openapi.yaml, which these types are generated from.
 */
export type WebhookEvent = { [Type in keyof webhooks]: EventBody<webhooks[Type]> }[keyof webhooks];
/** The type of every event a webhook may receive. */
export type WebhookEventType = WebhookEvent['type'];

export interface VerifyWebhookOptions {
  /** Seconds `t` may be away from now, either way; 0 disables the check. Default 300. */
  tolerance?: number;
  /** The current time in unix seconds (tests). */
  now?: number;
}

export const DEFAULT_WEBHOOK_TOLERANCE = 300;

// Beyond 15 digits a timestamp is not exact as a double, and no real one is that long.
const TIMESTAMP = /^[0-9]{1,15}$/;

// Only spaces and tabs: every SDK trims the same characters, whatever its language calls whitespace.
const trim = (text: string): string => text.replace(/^[ \t]+|[ \t]+$/g, '');

interface SignatureHeader {
  timestamp: string;
  signatures: string[];
}

function parseHeader(header: string): SignatureHeader {
  const malformed = (why: string) => new WebhookVerificationError('malformed_header', `Malformed Cairn-Signature header: ${why}`);
  const timestamps: string[] = [];
  const signatures: string[] = [];
  if (trim(header) === '') throw malformed('it is empty');
  for (const pair of header.split(',')) {
    const at = pair.indexOf('=');
    if (at < 0) throw malformed('each entry must be key=value');
    const key = trim(pair.slice(0, at));
    const value = trim(pair.slice(at + 1));
    if (key === 't') timestamps.push(value);
    else if (key === 'v1') signatures.push(value);
  }
  const [timestamp] = timestamps;
  if (timestamp === undefined || timestamps.length !== 1) throw malformed('it must have exactly one t');
  if (!TIMESTAMP.test(timestamp)) throw malformed('t must be unix seconds, in decimal digits');
  if (signatures.length === 0) throw malformed('it has no v1 signature');
  return { timestamp, signatures };
}

/** Web Crypto's `SubtleCrypto`, named through the global so that DOM and Node typings both know it. */
type Subtle = typeof globalThis.crypto.subtle;

async function subtleCrypto(): Promise<Subtle> {
  if (globalThis.crypto?.subtle) return globalThis.crypto.subtle;
  // Node 18 has Web Crypto only as a module.
  const { webcrypto } = await import('node:crypto');
  return webcrypto.subtle as Subtle;
}

const utf8 = new TextEncoder();

function toBytes(body: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof body === 'string') return utf8.encode(body);
  return body instanceof Uint8Array ? body : new Uint8Array(body);
}

async function hmacHex(secret: string, message: Uint8Array<ArrayBuffer>): Promise<string> {
  const subtle = await subtleCrypto();
  const key = await subtle.importKey('raw', utf8.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await subtle.sign('HMAC', key, message));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Compares in time that depends only on the lengths, not on where the strings differ. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Checks that a delivery was signed by Cairn with `secret` (the endpoint's `whsec_…` signing secret)
 * within the tolerance, and returns its event. `body` is the raw body as received, never JSON parsed
 * and serialised again. Rejects with a `WebhookVerificationError` otherwise.
 */
export async function verifyWebhook(
  body: string | Uint8Array | ArrayBuffer,
  header: string,
  secret: string,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const { timestamp, signatures } = parseHeader(header);
  const tolerance = options.tolerance ?? DEFAULT_WEBHOOK_TOLERANCE;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (tolerance > 0 && Math.abs(now - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError('timestamp_outside_tolerance', 'The webhook timestamp is outside the tolerance');
  }
  const bytes = toBytes(body);
  const prefix = utf8.encode(`${timestamp}.`);
  const message = new Uint8Array(prefix.length + bytes.length);
  message.set(prefix);
  message.set(bytes, prefix.length);
  const expected = await hmacHex(secret, message);
  let matched = false;
  for (const signature of signatures) matched = constantTimeEqual(expected, signature) || matched;
  if (!matched) throw new WebhookVerificationError('signature_mismatch', 'No webhook signature matches the secret');
  return JSON.parse(new TextDecoder().decode(bytes)) as WebhookEvent;
}

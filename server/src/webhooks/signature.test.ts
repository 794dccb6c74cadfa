import { describe, expect, it } from 'vitest';
import { newWebhookSecret, webhookSignatureHeader } from './signature';

// Vectors computed apart from this code (`printf '%s' "<t>.<body>" | openssl dgst -sha256 -hmac <secret>`).
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0Dhf9zsEuxM';
const BODY = '{"id":"evt_1","type":"webhook.test","createdAt":"2026-11-28T00:00:00.000Z","data":{}}';

describe('webhook signatures', () => {
  it('signs t.body with the whole secret string, as lower-case hex', () => {
    expect(webhookSignatureHeader(BODY, [SECRET], 1764288000)).toBe(
      't=1764288000,v1=9afe4cfa9ce52072576f049b0dc72f170297afdb7728cf45123624261cf5ae16',
    );
  });

  it('signs the UTF-8 bytes of the body, given as a string or as bytes', () => {
    const body = '{"data":{"name":"café.txt"}}';
    const expected = 't=1764288000,v1=4773aad9f9ca79a56e273c5c28a71b19130b4419d25e29cfabbf8dd1a83ae4f3';
    expect(webhookSignatureHeader(body, [SECRET], 1764288000)).toBe(expected);
    expect(webhookSignatureHeader(Buffer.from(body, 'utf8'), [SECRET], 1764288000.9)).toBe(expected);
  });

  it('carries one v1 per secret while a secret is rotated', () => {
    expect(webhookSignatureHeader(BODY, [SECRET, 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'], 1764288000)).toBe(
      't=1764288000,v1=9afe4cfa9ce52072576f049b0dc72f170297afdb7728cf45123624261cf5ae16,' +
        'v1=cd022618932408e80a5474b814715f1ba42cf7b53c6ea01e3667ecbbfa03499d',
    );
    expect(() => webhookSignatureHeader(BODY, [], 1764288000)).toThrow();
  });

  it('makes secrets of whsec_ and 43 base64url characters, never the same twice', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});

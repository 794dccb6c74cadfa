/**
 * verifyWebhook against sdks/webhook-vectors.json, the deliveries every SDK verifies the same way:
 * in this SDK and in the JavaScript build, through the build's own declarations.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as ts from '../src';
import type * as js from '../../javascript/types/index';
import { VECTORS_FILE, vectorsText } from '../scripts/webhook-vectors';

interface Vector {
  name: string;
  secret: string;
  body: string;
  header: string;
  now: number;
  tolerance?: number;
  eventId?: string;
  error?: string;
}

const stored = readFileSync(VECTORS_FILE, 'utf8');
const { vectors } = JSON.parse(stored) as { vectors: Vector[] };

type Verifier = Pick<typeof js, 'verifyWebhook' | 'WebhookVerificationError'>;

const builds: [string, Verifier][] = [
  ['TypeScript', ts],
  ['JavaScript build', (await import('../../javascript/cairn.js' as string)) as Verifier],
];

it('sdks/webhook-vectors.json is what its script writes', () => {
  expect(stored, 'run: npx tsx sdks/typescript/scripts/webhook-vectors.ts').toBe(vectorsText());
  expect(vectors.filter((v) => v.error === undefined).length).toBeGreaterThan(5);
  expect(new Set(vectors.map((v) => v.error))).toEqual(
    new Set([undefined, 'malformed_header', 'timestamp_outside_tolerance', 'signature_mismatch']),
  );
});

describe.each(builds)('verifyWebhook (%s)', (_, { verifyWebhook, WebhookVerificationError }) => {
  for (const v of vectors) {
    const options = { now: v.now, ...(v.tolerance === undefined ? {} : { tolerance: v.tolerance }) };
    it(v.name, async () => {
      for (const body of [v.body, new TextEncoder().encode(v.body), new TextEncoder().encode(v.body).buffer]) {
        const result = verifyWebhook(body, v.header, v.secret, options);
        if (v.error === undefined) {
          const event = await result;
          expect(event.id).toBe(v.eventId);
          expect(event).toEqual(JSON.parse(v.body));
        } else {
          const error = await result.then(
            () => expect.fail('accepted'),
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(WebhookVerificationError);
          expect((error as js.WebhookVerificationError).kind).toBe(v.error);
        }
      }
    });
  }

  it('checks the timestamp against the clock when no now is given', async () => {
    const v = vectors.find((x) => x.name === 'one v1')!;
    const error = await verifyWebhook(v.body, v.header, v.secret).catch((e: unknown) => e);
    expect((error as js.WebhookVerificationError).kind).toBe('timestamp_outside_tolerance');
  });
});

it('types an event by its type, from the bodies openapi.yaml documents', () => {
  expectTypeOf<ts.WebhookEventType>().toEqualTypeOf<ts.WebhookEvent['type']>();
  expectTypeOf<Extract<ts.WebhookEvent, { type: 'pin.pinned' }>['data']>().toEqualTypeOf<ts.PinJob>();
  expectTypeOf<Extract<ts.WebhookEvent, { type: 'payment.failed' }>['data']['renewal']>().toEqualTypeOf<boolean>();
  expectTypeOf<'quota.near_limit'>().toExtend<ts.WebhookEventType>();
  expectTypeOf<'webhook.test'>().toExtend<ts.WebhookEventType>();
  expectTypeOf<'upload.deleted'>().not.toExtend<ts.WebhookEventType>();
  expectTypeOf<js.WebhookEvent>().toEqualTypeOf<ts.WebhookEvent>();
});

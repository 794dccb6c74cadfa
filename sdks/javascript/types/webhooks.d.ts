// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
/**
 * Verifying a webhook delivery: the `Cairn-Signature` header is `t=<unix seconds>,v1=<hex HMAC-SHA256>`,
 * keyed with the endpoint's whole signing secret over `<t>.<raw body>`. Web Crypto, so the same code
 * runs in browsers, Node, Deno and edge runtimes.
 */
import type { webhooks } from './generated/openapi';
export type WebhookVerificationErrorKind = 'malformed_header' | 'timestamp_outside_tolerance' | 'signature_mismatch';
/** The delivery is not one Cairn signed with this secret (or not recently); `kind` says why. */
export declare class WebhookVerificationError extends Error {
  readonly kind: WebhookVerificationErrorKind;
  constructor(kind: WebhookVerificationErrorKind, message: string);
}
type EventBody<T> = T extends {
  post: {
    requestBody: {
      content: {
        'application/json': infer Body;
      };
    };
  };
}
  ? Body
  : never;
/**
 * A delivered event: `id`, `type`, `createdAt` and `data`, whose shape follows `type` (narrow on
 * it: `if (event.type === 'pin.pinned') event.data.upload`). Every type is documented under
 * `webhooks` in openapi.yaml, which these types are generated from.
 */
export type WebhookEvent = {
  [Type in keyof webhooks]: EventBody<webhooks[Type]>;
}[keyof webhooks];
/** The type of every event a webhook may receive. */
export type WebhookEventType = WebhookEvent['type'];
export interface VerifyWebhookOptions {
  /** Seconds `t` may be away from now, either way; 0 disables the check. Default 300. */
  tolerance?: number;
  /** The current time in unix seconds (tests). */
  now?: number;
}
export declare const DEFAULT_WEBHOOK_TOLERANCE = 300;
/**
 * Checks that a delivery was signed by Cairn with `secret` (the endpoint's `whsec_…` signing secret)
 * within the tolerance, and returns its event. `body` is the raw body as received, never JSON parsed
 * and serialised again. Rejects with a `WebhookVerificationError` otherwise.
 */
export declare function verifyWebhook(
  body: string | Uint8Array | ArrayBuffer,
  header: string,
  secret: string,
  options?: VerifyWebhookOptions,
): Promise<WebhookEvent>;
export {};

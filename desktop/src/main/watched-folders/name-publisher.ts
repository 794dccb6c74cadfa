import { Cairn } from '@cairn/sdk';
import type { Name } from '@cairn/shared/api-types';

/** Points one of the account's IPNS names at a value (`/ipfs/<cid>`); answers the name as it now stands. */
export type NamePublisher = (nameId: string, value: string, signal: AbortSignal) => Promise<Name>;

/** How long resolvers may cache a watched folder's name: short, as the folder may change any minute. */
export const FOLDER_NAME_TTL_SECONDS = 60;

/**
 * `names.publish` of the SDK with the session token read at each request, sent once: a refusal
 * throws the SDK's error for its status and code, a lost connection its `ConnectionError`, and
 * retrying is the caller's business, as a newer root may make the retry pointless.
 */
export function httpNamePublisher(serverUrl: string, token: () => string | null): NamePublisher {
  const cairn = new Cairn({ baseUrl: serverUrl, token, retry: { maxRetries: 0 } });
  return (nameId, value, signal) => cairn.names.publish(nameId, value, { ttlSeconds: FOLDER_NAME_TTL_SECONDS, signal });
}

import { ConnectionError, errorFromResponse } from '@cairn/sdk';
import type { Name, NamePublishRequest } from '@cairn/shared/api-types';

/** Points one of the account's IPNS names at a value (`/ipfs/<cid>`); answers the name as it now stands. */
export type NamePublisher = (nameId: string, value: string, signal: AbortSignal) => Promise<Name>;

/** How long resolvers may cache a watched folder's name: short, as the folder may change any minute. */
export const FOLDER_NAME_TTL_SECONDS = 60;

/**
 * `POST /names/{nameId}/publish` with the session token read at each request. A refusal throws
 * the SDK's error for its status and code, a lost connection its `ConnectionError`: retrying is the
 * caller's business, as a newer root may make the retry pointless.
 */
export function httpNamePublisher(serverUrl: string, token: () => string | null): NamePublisher {
  return async (nameId, value, signal) => {
    const bearer = token();
    const body: Pick<NamePublishRequest, 'value' | 'ttlSeconds'> = { value, ttlSeconds: FOLDER_NAME_TTL_SECONDS };
    const answer = await fetch(new URL(`/api/v2/names/${encodeURIComponent(nameId)}/publish`, serverUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify(body),
      signal,
    }).catch((error: Error) => {
      throw new ConnectionError({ status: 0, code: 'network_error', message: error.message, cause: error });
    });
    const payload: unknown = await answer.json().catch(() => undefined);
    if (!answer.ok) throw errorFromResponse(answer.status, payload, answer.headers);
    return payload as Name;
  };
}

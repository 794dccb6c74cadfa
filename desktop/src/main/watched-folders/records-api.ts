import type { ErrorBody } from '@cairn/shared/api-types';

/**
 * The two record operations watched folders need beyond uploading: follow a rename, and remove a
 * deleted file's record (only when the user chose that).
 */
export interface RecordsApi {
  rename(uploadId: string, name: string): Promise<void>;
  remove(uploadId: string): Promise<void>;
}

export function httpRecordsApi(serverUrl: string, token: () => string | null): RecordsApi {
  async function call(method: 'PATCH' | 'DELETE', uploadId: string, body?: unknown): Promise<void> {
    const bearer = token();
    const response = await fetch(new URL(`/api/v2/uploads/${encodeURIComponent(uploadId)}`, serverUrl), {
      method,
      headers: {
        Accept: 'application/json',
        ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    // A record already gone is what a removal wants.
    if (response.ok || (method === 'DELETE' && response.status === 404)) return;
    const answer = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
    throw new Error(answer.error ?? `The server answered ${response.status}`);
  }
  return {
    rename: (uploadId, name) => call('PATCH', uploadId, { name }),
    remove: (uploadId) => call('DELETE', uploadId),
  };
}

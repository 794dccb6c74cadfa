import { Cairn, NotFoundError } from '@cairn/sdk';

/**
 * The two record operations watched folders need beyond uploading: follow a rename, and remove a
 * deleted file's record (only when the user chose that).
 */
export interface RecordsApi {
  rename(uploadId: string, name: string): Promise<void>;
  remove(uploadId: string): Promise<void>;
}

/** The record operations through the SDK; the token is read at each request. */
export function httpRecordsApi(serverUrl: string, token: () => string | null): RecordsApi {
  const cairn = new Cairn({ baseUrl: serverUrl, token });
  return {
    async rename(uploadId, name) {
      await cairn.uploads.rename(uploadId, name);
    },
    async remove(uploadId) {
      try {
        await cairn.uploads.delete(uploadId);
      } catch (error) {
        // A record already gone is what a removal wants.
        if (!(error instanceof NotFoundError)) throw error;
      }
    },
  };
}

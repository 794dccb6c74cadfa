import type { AppContext } from '../../context';
import type { UploadListQuery } from '../../stores/upload-store';

/** One page of the account's records, newest first unless asked otherwise. */
export function uploadLister(app: AppContext, query: UploadListQuery) {
  return app.stores.uploads.list(query);
}

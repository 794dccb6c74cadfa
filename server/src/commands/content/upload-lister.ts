import type { AppContext } from '../../context';
import type { Counted } from '../../stores/upload-filter';
import type { UploadListQuery } from '../../stores/upload-store';

/**
 * One page of the account's records, newest first unless asked otherwise. How many records a search
 * and filter match is kept while the account's records stay as they are (`version`, its
 * `uploads_version`), so that the next page of the same filter costs only its own rows.
 */
export async function uploadLister(app: AppContext, query: Omit<UploadListQuery, 'counted'>, version: number) {
  const pages = app.fileListPages;
  const countKey = JSON.stringify(['counted', query.search ?? '', query.filter]);
  const known = pages.get(query.userId, version, countKey);
  const listed = await app.stores.uploads.list({ ...query, counted: known ? (JSON.parse(known.toString()) as Counted) : undefined });
  if (!known) pages.set(query.userId, version, countKey, Buffer.from(JSON.stringify(listed.counted)));
  return listed;
}

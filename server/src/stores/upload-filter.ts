import { sql, type SelectQueryBuilder } from 'kysely';
import type { Category, Database, UploadType } from '../db/schema';

/** The file list's filters, all applied at once (AND). */
export interface UploadFilter {
  /** A substring of the name or a CID prefix (the list's search box). */
  search?: string;
  /** A substring of the name, any case. */
  name?: string;
  /** A CID prefix. */
  cid?: string;
  type?: UploadType;
  category?: Category;
  minSize?: number;
  maxSize?: number;
  /** Created at or after (ISO date-time). */
  from?: string;
  /** Created before (ISO date-time). */
  to?: string;
  /** A group of the account (checked by the caller). */
  groupId?: string;
  /** Key equals value, for each key. */
  meta?: Record<string, string>;
  /** Key's value starts with this, for each key. */
  metaPrefix?: Record<string, string>;
  /** Key is set. */
  metaExists?: string[];
}

/** True when the filter narrows the list beyond the account's records. */
export const isFiltered = (filter: UploadFilter): boolean =>
  Object.values(filter).some((value) =>
    Array.isArray(value)
      ? value.length > 0
      : typeof value === 'object' && value !== null
        ? Object.keys(value).length > 0
        : value !== undefined && value !== '',
  );

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Above every character: `value < prefix || TOP` bounds the values that start with `prefix` (bytewise order). */
const TOP = '\u{10FFFF}';

/**
 * Narrows a query of `uploads` to the account's records the filter matches. Key-value filters go
 * through `upload_meta`'s (user, key, value) index, each as a set of record ids; a prefix is a range
 * of that index (both databases compare these columns bytewise), checked exactly beside it.
 */
export function applyUploadFilter<O>(
  query: SelectQueryBuilder<Database, 'uploads', O>,
  userId: string,
  filter: UploadFilter,
): SelectQueryBuilder<Database, 'uploads', O> {
  let q = query.where('uploads.user_id', '=', userId);
  if (filter.search) {
    const escaped = escapeLike(filter.search);
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`lower(uploads.name) like ${`%${escaped.toLowerCase()}%`} escape '\\'`,
        sql<boolean>`uploads.cid like ${`${escaped}%`} escape '\\'`,
      ]),
    );
  }
  if (filter.name) q = q.where(sql<boolean>`lower(uploads.name) like ${`%${escapeLike(filter.name).toLowerCase()}%`} escape '\\'`);
  if (filter.cid) q = q.where(sql<boolean>`uploads.cid like ${`${escapeLike(filter.cid)}%`} escape '\\'`);
  if (filter.type) q = q.where('uploads.type', '=', filter.type);
  if (filter.category) q = q.where('uploads.category', '=', filter.category);
  if (filter.minSize !== undefined) q = q.where('uploads.size', '>=', filter.minSize);
  if (filter.maxSize !== undefined) q = q.where('uploads.size', '<=', filter.maxSize);
  if (filter.from) q = q.where('uploads.created_at', '>=', new Date(filter.from).toISOString());
  if (filter.to) q = q.where('uploads.created_at', '<', new Date(filter.to).toISOString());
  if (filter.groupId) {
    const groupId = filter.groupId;
    q = q.where('uploads.id', 'in', (eb) => eb.selectFrom('upload_groups').select('upload_id').where('group_id', '=', groupId));
  }
  for (const [key, value] of Object.entries(filter.meta ?? {})) {
    q = q.where('uploads.id', 'in', (eb) =>
      eb.selectFrom('upload_meta').select('upload_id').where('user_id', '=', userId).where('key', '=', key).where('value', '=', value),
    );
  }
  for (const [key, prefix] of Object.entries(filter.metaPrefix ?? {})) {
    q = q.where('uploads.id', 'in', (eb) =>
      eb
        .selectFrom('upload_meta')
        .select('upload_id')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('value', '>=', prefix)
        .where('value', '<', `${prefix}${TOP}`)
        .where(sql<boolean>`substr(value, 1, ${[...prefix].length}) = ${prefix}`),
    );
  }
  for (const key of filter.metaExists ?? []) {
    q = q.where('uploads.id', 'in', (eb) =>
      eb.selectFrom('upload_meta').select('upload_id').where('user_id', '=', userId).where('key', '=', key),
    );
  }
  return q;
}

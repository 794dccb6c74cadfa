import { META_KEYS_MAX, metaProblem } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { UploadRow, UserRow } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { groupReader } from '../groups/groups';
import { fileNotFound } from './upload-reader';

/** What a new record gets besides its content: a group of the account and key-values. */
export interface RecordExtras {
  groupId?: string;
  meta?: Record<string, string>;
  /**
   * The group is the only one the credential may reach (a token limited to it): content the
   * account already holds in a record outside it is refused rather than that record pulled in.
   */
  groupOnly?: boolean;
}

/** A record's key-values as stored. */
export const metaOf = (upload: Pick<UploadRow, 'meta'>): Record<string, string> => {
  const parsed: unknown = JSON.parse(upload.meta || '{}');
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
};

/** Refuses key-values (or changes to them) that break a limit, with the code of that limit. */
export function checkMeta(meta: Record<string, string | null>): void {
  const problem = metaProblem(meta);
  if (problem) throw badRequest(problem.code as 'meta_key_invalid' | 'meta_value_too_long', problem.message);
}

/** `before` with `changes` applied (a null removes its key), refused past the number of keys allowed. */
export function mergedMeta(before: Record<string, string>, changes: Record<string, string | null>): Record<string, string> {
  checkMeta(changes);
  const after = { ...before };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete after[key];
    else after[key] = value;
  }
  if (Object.keys(after).length > META_KEYS_MAX) {
    throw badRequest('meta_too_many_keys', `A file has at most ${META_KEYS_MAX} key-values`);
  }
  return after;
}

/**
 * Checks a new record's extras before any byte is stored: the group must be the account's (else
 * 404), the key-values within their limits.
 */
export async function checkRecordExtras(app: AppContext, user: UserRow, extras: RecordExtras): Promise<void> {
  if (extras.meta) mergedMeta({}, extras.meta);
  if (extras.groupId) await groupReader(app, user.id, extras.groupId);
}

/**
 * Gives a record its extras inside the transaction that records it (or finds it already there):
 * the key-values are merged into its own, and it joins the group unless the group was deleted meanwhile.
 */
export async function applyRecordExtras(app: AppContext, trx: Db, upload: UploadRow, extras: RecordExtras): Promise<UploadRow> {
  let result = upload;
  if (extras.meta && Object.keys(extras.meta).length > 0) {
    const before = metaOf(upload);
    const meta = mergedMeta(before, extras.meta);
    await app.stores.uploads.writeMeta(trx, upload, before, meta);
    result = { ...upload, meta: JSON.stringify(meta) };
  }
  if (extras.groupId) await app.stores.groups.join(trx, upload.user_id, extras.groupId, upload.id, nowIso());
  return result;
}

/** Edits a record's key-values: a string sets or replaces a key, null removes it. */
export async function metaEditor(app: AppContext, upload: UploadRow, changes: Record<string, string | null>): Promise<UploadRow> {
  checkMeta(changes);
  return app.db.transaction().execute(async (trx) => {
    const current = await app.stores.uploads.lockById(trx, upload.id);
    if (!current || current.user_id !== upload.user_id) throw fileNotFound();
    const before = metaOf(current);
    const meta = mergedMeta(before, changes);
    await app.stores.uploads.writeMeta(trx, current, before, meta);
    return { ...current, meta: JSON.stringify(meta) };
  });
}

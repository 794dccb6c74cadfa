import { NAME_MAX, stripNameControls } from '@cairn/shared';
import { decode as decodePb } from '@ipld/dag-pb';
import type { ContentStore } from '../../content/types';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { Category, UploadRow, UploadType, UserRow } from '../../db/schema';
import { isUniqueViolation, retryOnDeadlock } from '../../lib/db-errors';
import { accountDisabled, AppError, conflict } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import { quotaExceeded, type QuotaReservation } from '../quota/lib/quota-reservation';
import { storageLimit } from '../quota/lib/storage-limit';
import { dagHider } from './privacy/dag-hider';
import { heldOutsideGroup } from './held-upload-reader';
import { applyRecordExtras, type RecordExtras } from './record-meta';
import { chargedEvent, recordCreatedEvent } from '../../webhooks/events';

export interface NewContent {
  cid: string;
  /** File bytes. */
  size: number;
  /** What the record counts against the quota, when not its file bytes (see `storedCharge`). */
  chargedBytes?: number;
  type: UploadType;
  category: Category;
  filesCount: number;
  originalName?: string | null;
  /** A file of a folder uploaded as separate files: its path in the folder, kept as the original name. */
  folderPath?: string | null;
  customName?: string | null;
  source: UploadRow['source'];
  /** The record is private (see `privacySetter`); an existing record of the CID turns private too. */
  private?: boolean;
  /** Name the record by its whole `folderPath` (an S3 object's key), not its last segment. */
  nameFromPath?: boolean;
}

/**
 * What a record of a DAG is charged when its file bytes are not all it stores (a CAR, a pin by CID,
 * a folder): the larger of its file bytes and the bytes of its blocks. Neither alone will do: UnixFS
 * metadata can claim fewer file bytes than its blocks hold, and a file can repeat one block many times.
 */
export const storedCharge = (fileBytes: number, dagBytes: number): number => Math.max(fileBytes, dagBytes);

/**
 * The bytes of a folder's DAG as Cairn's importer (or Kubo's `add`) built it, from its root block:
 * the block's length and the Tsize of each link, which those importers set to the bytes below it.
 * A folder stores its names and links besides its files' bytes: a folder of empty files with long
 * names is not free. One block read, on every engine.
 */
export async function importedFolderBytes(content: ContentStore, cid: string): Promise<number> {
  const root = await content.block(cid);
  return decodePb(root).Links.reduce((sum, link) => sum + (link.Tsize ?? 0), root.byteLength);
}

export interface RecordResult {
  upload: UploadRow;
  /** The account already held this CID: nothing new was recorded or charged. */
  duplicate: boolean;
}

/** The last path segment, without control characters (see `stripNameControls`), at most NAME_MAX characters. */
function cleanOriginalName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const base = raw.split(/[\\/]/).filter(Boolean).pop() ?? '';
  const clean = stripNameControls(base).trim().slice(0, NAME_MAX);
  return clean && clean !== '.' && clean !== '..' ? clean : null;
}

/** `x/readme.md` as sent (control characters and empty or dot segments dropped), at most NAME_MAX characters. */
export function cleanFolderPath(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const segments = raw
    .split(/[\\/]/)
    .map((segment) => stripNameControls(segment).trim())
    .filter((segment) => segment && segment !== '.' && segment !== '..');
  const path = segments.join('/');
  return path.length > 0 && path.length <= NAME_MAX ? path : null;
}

function withSuffix(name: string, n: number): string {
  if (n === 0) return name;
  // The extension of the last segment only: `v1.2/readme` has none.
  const dot = name.lastIndexOf('.') > name.lastIndexOf('/') ? name.lastIndexOf('.') : -1;
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  return `${stem.slice(0, NAME_MAX - ext.length - 6)}-${n}${ext}`;
}

export interface RecordOptions {
  /**
   * False for a Pinning Service API pin: a new record stands only for the account's remote pins and
   * goes with the last of them. Anything else the account does (an upload, a folder, a CAR, a pin
   * by CID) owns its record, and makes a record it finds already there its own.
   */
  owned?: boolean;
  /**
   * Runs inside the transaction that writes the record, or that finds it already there (then
   * locked): a pin job marks itself pinned there, so it records nothing once it was cancelled.
   * Throwing rolls the record back.
   */
  within?: (trx: Db, upload: UploadRow) => Promise<void>;
  /** Runs in the transaction of a new record before it is charged: what it frees there counts. */
  beforeCharge?: (trx: Db) => Promise<void>;
  /** A group and key-values for the record, new or found (checked beforehand: see `checkRecordExtras`). */
  extras?: RecordExtras;
}

/**
 * Records content the engine now holds as a file of the account, charging `chargedBytes` (its size
 * unless told otherwise); a reservation must already cover that charge. Runs under the
 * CID's lock (shared by every instance) so that a release cannot unpin the CID between this check
 * and the record. One record per CID and account: content the account already holds is not
 * recorded or charged again (`duplicate`).
 */
export async function contentRecorder(
  app: AppContext,
  user: UserRow,
  content: NewContent,
  reservation: QuotaReservation | null,
  options: RecordOptions = {},
): Promise<RecordResult> {
  const owned = options.owned ?? true;

  /** The account's record of the CID, if any, taken over as this request's (see `RecordOptions`). */
  async function existing(): Promise<UploadRow | undefined> {
    // Most content is new to the account: a plain read spares it a transaction. A record written
    // after this read makes the insert below fail, and is then taken over here.
    if (!(await app.stores.uploads.findByCidForUser(user.id, content.cid))) return undefined;
    const found = await app.db.transaction().execute(async (trx) => {
      const upload = await app.stores.uploads.lockByCid(trx, user.id, content.cid);
      if (!upload) return undefined;
      const { groupId, groupOnly } = options.extras ?? {};
      if (groupOnly && groupId && !(await app.stores.groups.holds(groupId, upload.id, trx))) throw heldOutsideGroup();
      if (owned && !upload.owned) await app.stores.uploads.adopt(trx, upload.id);
      if (content.private && !upload.private) await app.stores.uploads.setPrivate(upload.id, true, trx);
      await options.within?.(trx, upload);
      const kept = options.extras ? await applyRecordExtras(app, trx, upload, options.extras) : upload;
      return { ...kept, owned: owned ? 1 : kept.owned, private: content.private ? 1 : kept.private };
    });
    if (found) await reservation?.cancel();
    return found;
  }

  return app.cidLock(content.cid, async () => {
    if (!(await app.content.isPinned(content.cid))) {
      throw new AppError(503, 'content_unavailable', 'The content was removed while it was being stored; try again');
    }
    // A private record's blocks are known as hidden before the record exists (see `dagHider`).
    if (content.private) await dagHider(app, content.cid);
    const held = await existing();
    if (held) return { upload: held, duplicate: true };
    const custom = content.customName ?? null;
    const original = cleanOriginalName(content.originalName);
    const recordedOriginal = cleanFolderPath(content.folderPath) ?? original;
    if (custom && (await app.stores.uploads.nameTaken(user.id, custom))) {
      throw conflict('name_taken', 'A file with this name already exists');
    }
    const pathName = content.nameFromPath ? cleanFolderPath(content.folderPath) : null;
    const base = custom ?? pathName ?? original ?? `${content.type}-${content.cid.slice(-10)}`;
    const limit = reservation ? null : await storageLimit(app, user);
    const charged = content.chargedBytes ?? content.size;

    for (let n = 0; n < 50; n++) {
      const upload: UploadRow = {
        id: newId(),
        user_id: user.id,
        cid: content.cid,
        name: withSuffix(base, n),
        original_name: recordedOriginal,
        custom_name: custom,
        name_source: custom ? 'custom' : original ? 'original' : 'auto',
        size: content.size,
        charged_bytes: charged,
        type: content.type,
        category: content.category,
        files_count: content.filesCount,
        source: content.source,
        created_at: nowIso(),
        owned: owned ? 1 : 0,
        private: content.private ? 1 : 0,
        meta: '{}',
      };
      try {
        // A delete racing this insert over the same name can deadlock on PostgreSQL: the
        // transaction undone (nothing of it written) runs again.
        const recorded = await retryOnDeadlock(() =>
          app.db.transaction().execute(async (trx) => {
            // An upload that was streaming when its account was disabled records nothing.
            if (!(await app.stores.users.holdActive(trx, user.id))) throw accountDisabled();
            await reservation?.settle(trx);
            // The record now holds the CID: the upload's claim on it has nothing left to guard.
            if (reservation) await app.stores.contentJobs.dropClaim(trx, reservation.id, content.cid);
            await options.beforeCharge?.(trx);
            if (!(await app.stores.quota.charge(trx, user.id, charged, limit))) throw quotaExceeded();
            await app.stores.uploads.insert(trx, upload);
            await options.within?.(trx, upload);
            const row = options.extras ? await applyRecordExtras(app, trx, upload, options.extras) : upload;
            await recordCreatedEvent(app, trx, row);
            await chargedEvent(app, trx, user.id, charged, limit ?? reservation?.limit ?? 0, upload.created_at);
            return row;
          }),
        );
        return { upload: recorded, duplicate: false };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const raced = await existing();
        if (raced) return { upload: raced, duplicate: true };
        if (custom) throw conflict('name_taken', 'A file with this name already exists');
      }
    }
    throw conflict('name_taken', 'Could not find a free name for this file');
  });
}

import { MAX_DIRECTORY_BYTES } from '@cairn/shared';
import { detectCategory } from '../../content/category';
import type { CidVersion, DirectoryEntryInput } from '../../content/types';
import type { AppContext } from '../../context';
import type { Category, UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { FilePart } from '../../lib/multipart';
import { auditRecorder } from '../audit/audit-recorder';
import { crashPoint } from '../../lib/crash-point';
import { folderCategory, recordType } from '../../content/content-kind';
import type { RecordExtras } from './record-meta';
import { contentRecorder, importedFolderBytes, storedCharge, type RecordResult } from './content-recorder';
import { headCapture } from '../../content/head-capture';
import { abandonUpload, quotaReservation } from '../quota/lib/quota-reservation';

export interface FolderUploadInput {
  parts: AsyncIterable<FilePart>;
  cidVersion: CidVersion;
  customName?: string;
  /** The new record is private. */
  private?: boolean;
  /** A group and key-values for the record (see `checkRecordExtras`). */
  extras?: RecordExtras;
  signal: AbortSignal;
  ip: string;
}

export interface FolderUploadResult extends RecordResult {
  files: Array<{ filename: string; cid: string; size: number }>;
}

export const noFiles = () => new AppError(400, 'files_not_received', 'No files received: send one or more "file" parts');

/** The first path segment when every path shares it: the folder the user picked. */
function commonFolder(paths: string[]): string | null {
  const first = paths.map((p) => p.split('/').filter(Boolean));
  const top = first[0]?.[0];
  return top && first.every((segments) => segments.length > 1 && segments[0] === top) ? top : null;
}

/**
 * A folder as ONE DAG: one CID for the whole tree, one record, 10 GB cap while streaming. Charged
 * its files' bytes and its folders' own (names, links), so many empty files are not free.
 */
export async function folderUploader(app: AppContext, user: UserRow, input: FolderUploadInput): Promise<FolderUploadResult> {
  const reservation = await quotaReservation(app, user);
  const categories: Category[] = [];
  async function* entries(): AsyncGenerator<DirectoryEntryInput> {
    for await (const part of input.parts) {
      const capture = headCapture(part.stream);
      yield { path: part.filename, content: capture.stream };
      categories.push(detectCategory(capture.head(), part.filename));
    }
  }
  // Set when the engine may hold a pin of this import that nobody claimed: the sweep finds it later.
  let unsettled = false;
  try {
    const added = await app.content.addDirectory(entries(), {
      cidVersion: input.cidVersion,
      maxBytes: MAX_DIRECTORY_BYTES,
      signal: input.signal,
      onBytes: reservation.onBytes,
      beforePin: reservation.claim,
      recovery: {
        id: reservation.id,
        unsettled: () => {
          unsettled = true;
        },
      },
    });
    await reservation.claim(added.cid);
    if (added.files.length === 0) throw noFiles();
    crashPoint('upload-pinned');
    const chargedBytes = storedCharge(added.size, await importedFolderBytes(app.content, added.cid));
    await reservation.onBytes(0, chargedBytes);
    const result = await contentRecorder(
      app,
      user,
      {
        cid: added.cid,
        size: added.size,
        chargedBytes,
        type: recordType('directory'),
        category: folderCategory(categories),
        filesCount: added.files.length,
        originalName: commonFolder(added.files.map((f) => f.path)),
        customName: input.customName,
        private: input.private,
        source: 'upload',
      },
      reservation,
      { extras: input.extras },
    );
    if (!result.duplicate) {
      await auditRecorder(app, {
        action: 'upload',
        user,
        ip: input.ip,
        details: { cid: added.cid, size: added.size, chargedBytes, files: added.files.length, mode: 'dag' },
      });
    }
    return { ...result, files: added.files.map((f) => ({ filename: f.path, cid: f.cid, size: f.size })) };
  } catch (error) {
    await abandonUpload(app, reservation, unsettled);
    throw error;
  }
}

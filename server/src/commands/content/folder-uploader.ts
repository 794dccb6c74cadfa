import { MAX_DIRECTORY_BYTES, MAX_FILE_BYTES } from '@cairn/shared';
import { detectCategory } from '../../content/category';
import { ContentTooLargeError } from '../../content/errors';
import { PathSet } from '../../content/paths';
import type { CidVersion, DirectoryEntryInput } from '../../content/types';
import type { AppContext } from '../../context';
import type { Category, UploadRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { FilePart } from '../../lib/multipart';
import { auditRecorder } from '../audit/audit-recorder';
import { crashPoint } from '../../lib/crash-point';
import { folderCategory, recordType } from '../../content/content-kind';
import { contentRecorder, importedFolderBytes, storedCharge, type RecordResult } from './content-recorder';
import { headCapture } from '../../content/head-capture';
import { abandonUpload, quotaReservation } from '../quota/quota-reservation';

export interface DirectoryUploadInput {
  parts: AsyncIterable<FilePart>;
  cidVersion: CidVersion;
  customName?: string;
  signal: AbortSignal;
  ip: string;
}

export interface DagUploadResult extends RecordResult {
  files: Array<{ filename: string; cid: string; size: number }>;
}

const noFiles = () => new AppError(400, 'files_not_received', 'No files received: send one or more "file" parts');

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
export async function dagUploader(app: AppContext, user: UserRow, input: DirectoryUploadInput): Promise<DagUploadResult> {
  const reservation = await quotaReservation(app, user);
  const categories: Category[] = [];
  async function* entries(): AsyncGenerator<DirectoryEntryInput> {
    for await (const part of input.parts) {
      const capture = headCapture(part.stream);
      yield { path: part.filename, content: capture.stream };
      categories.push(detectCategory(capture.head(), part.filename));
    }
  }
  try {
    const added = await app.content.addDirectory(entries(), {
      cidVersion: input.cidVersion,
      maxBytes: MAX_DIRECTORY_BYTES,
      signal: input.signal,
      onBytes: reservation.onBytes,
      beforePin: reservation.claim,
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
        source: 'upload',
      },
      reservation,
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
    await abandonUpload(app, reservation);
    throw error;
  }
}

/** A folder as separate files: every file streamed and pinned on its own, one record each. */
export async function filesUploader(app: AppContext, user: UserRow, input: DirectoryUploadInput): Promise<RecordResult[]> {
  const reservation = await quotaReservation(app, user);
  const added: Array<{ cid: string; size: number; filename: string; category: Category }> = [];
  // The same rules as a folder DAG: one file per path, nothing that escapes the folder.
  const paths = new PathSet();
  let total = 0;
  try {
    for await (const part of input.parts) {
      paths.add(part.filename);
      const remaining = MAX_DIRECTORY_BYTES - total;
      const capture = headCapture(part.stream);
      const base = total;
      const file = await app.content
        .addFile(capture.stream, {
          cidVersion: input.cidVersion,
          maxBytes: Math.min(MAX_FILE_BYTES, remaining),
          signal: input.signal,
          onBytes: (delta, fileTotal) => reservation.onBytes(delta, base + fileTotal),
          beforePin: reservation.claim,
        })
        .catch((error: unknown) => {
          throw error instanceof ContentTooLargeError && remaining < MAX_FILE_BYTES ? new ContentTooLargeError(MAX_DIRECTORY_BYTES) : error;
        });
      await reservation.claim(file.cid);
      total += file.size;
      added.push({ ...file, filename: part.filename, category: detectCategory(capture.head(), part.filename) });
    }
    if (added.length === 0) throw noFiles();
    const results: RecordResult[] = [];
    crashPoint('upload-pinned');
    for (const [i, file] of added.entries()) {
      const result = await contentRecorder(
        app,
        user,
        {
          cid: file.cid,
          size: file.size,
          type: recordType('file'),
          category: file.category,
          filesCount: 1,
          originalName: file.filename,
          folderPath: file.filename,
          source: 'upload',
        },
        // The reservation stays open until the last record: the claims of the files not yet recorded stay live.
        i === added.length - 1 ? reservation : reservation.partial(),
      );
      results.push(result);
    }
    const created = results.filter((r) => !r.duplicate).map((r) => r.upload as UploadRow);
    if (created.length > 0) {
      await auditRecorder(app, { action: 'upload', user, ip: input.ip, details: { mode: 'files', files: created.length, size: total } });
    }
    return results;
  } catch (error) {
    await abandonUpload(app, reservation);
    throw error;
  }
}

import { MAX_DIRECTORY_BYTES, MAX_FILE_BYTES } from '@cairn/shared';
import { detectCategory } from '../../content/category';
import { ContentTooLargeError } from '../../content/errors';
import { PathSet } from '../../content/paths';
import { recordType } from '../../content/content-kind';
import { headCapture } from '../../content/head-capture';
import type { AppContext } from '../../context';
import type { Category, UploadRow, UserRow } from '../../db/schema';
import { crashPoint } from '../../lib/crash-point';
import { auditRecorder } from '../audit/audit-recorder';
import { abandonUpload, quotaReservation } from '../quota/lib/quota-reservation';
import { contentRecorder, type RecordResult } from './content-recorder';
import { noFiles, type FolderUploadInput } from './folder-uploader';

/** A folder as separate files: every file streamed and pinned on its own, one record each. */
export async function filesUploader(app: AppContext, user: UserRow, input: FolderUploadInput): Promise<RecordResult[]> {
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
          private: input.private,
        },
        // The reservation stays open until the last record: the claims of the files not yet recorded stay live.
        i === added.length - 1 ? reservation : reservation.partial(),
        { extras: input.extras },
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

import type { AppContext } from '../../context';
import type { UploadRow, UserRow } from '../../db/schema';
import { isUniqueViolation, retryOnDeadlock } from '../../lib/db-errors';
import { conflict, notFound } from '../../lib/errors';
import { auditRecorder } from '../audit/audit-recorder';

/** Renames a record; names are unique within the account. A record deleted meanwhile is a 404, not a rename. */
export async function uploadRenamer(app: AppContext, user: UserRow, upload: UploadRow, name: string, ip: string): Promise<UploadRow> {
  if (name === upload.name) return upload;
  if (await app.stores.uploads.nameTaken(user.id, name, upload.id)) throw conflict('name_taken', 'A file with this name already exists');
  let renamed: boolean;
  try {
    // The record's row and its account's counters are locked by an upload of the same account in the
    // other order: on PostgreSQL one of the two may be undone as a deadlock, and runs again.
    renamed = await retryOnDeadlock(() => app.stores.uploads.rename(upload.id, name));
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('name_taken', 'A file with this name already exists');
    }
    throw error;
  }
  if (!renamed) throw notFound('file_not_found', 'File not found or not owned by the user');
  await auditRecorder(app, { action: 'rename', user, ip, details: { uploadId: upload.id, from: upload.name, to: name } });
  return { ...upload, name, custom_name: name, name_source: 'custom' };
}

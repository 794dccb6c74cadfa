import { metaOf } from '../commands/content/record-meta';
import type { PinJobRow, UploadRow } from '../db/schema';

export function presentUpload(upload: UploadRow) {
  return {
    uploadId: upload.id,
    name: upload.name,
    originalName: upload.original_name,
    customName: upload.custom_name,
    nameSource: upload.name_source,
    cid: upload.cid,
    size: Number(upload.size),
    chargedBytes: Number(upload.charged_bytes),
    type: upload.type,
    category: upload.category,
    filesCount: upload.files_count,
    source: upload.source,
    private: Number(upload.private) === 1,
    createdAt: upload.created_at,
    meta: metaOf(upload),
  };
}

export function presentPinJob(job: PinJobRow, upload?: UploadRow | null) {
  return {
    id: job.id,
    cid: job.cid,
    status: job.status,
    bytesFetched: Number(job.bytes_fetched),
    blocks: job.blocks,
    error: job.error,
    errorCode: job.error_code,
    createdAt: job.created_at,
    updatedAt: job.updated_at,
    upload: upload ? presentUpload(upload) : null,
  };
}

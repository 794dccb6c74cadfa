/** S3 multipart uploads: the operations the S3 app dispatches, and the prune the job runner runs. */
export { createMultipartUpload } from './create';
export { uploadPart } from './upload-part';
export { completeMultipartUpload } from './complete';
export { abortMultipartUpload } from './abort';
export { listParts } from './list-parts';
export { listMultipartUploads } from './list-uploads';
export { pruneExpiredMultipart, removeOrphanedParts } from './prune';
export { releaseBucketUploads } from './multipart-store';

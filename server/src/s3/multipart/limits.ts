const MIB = 1024 * 1024;

/** S3's limits on multipart uploads. */
export const MIN_PART_BYTES = 5 * MIB;
export const MAX_PART_BYTES = 5 * 1024 * MIB;
export const MAX_PART_NUMBER = 10_000;
/** What one page of ListParts or ListMultipartUploads holds at most (and by default), as S3. */
export const MAX_LIST = 1000;
/** Uploads in progress an account may have: each holds files on disk until it ends or expires. */
export const UPLOADS_PER_ACCOUNT = 1000;
/** An upload neither completed nor aborted is aborted this long after it began. */
export const MULTIPART_TTL_MS = 24 * 3600_000;
/** Upload ids are 32 base64url characters; anything else names no upload. */
export const UPLOAD_ID = /^[A-Za-z0-9_-]{32}$/;
/**
 * What a pending part is charged at least: its file takes a disk block however few bytes it holds,
 * so that an account cannot keep millions of empty parts for nothing.
 */
export const PART_MIN_CHARGE = 4096;
export const partCharge = (size: number): number => Math.max(Number(size), PART_MIN_CHARGE);

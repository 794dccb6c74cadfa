import type { S3KeyRow } from '../db/schema';

/** An S3 key as its owner sees it: never the secret. */
export function presentS3Key(key: S3KeyRow) {
  return {
    id: key.id,
    name: key.name,
    accessKeyId: key.access_key_id,
    readOnly: key.read_only === 1,
    createdAt: key.created_at,
    lastUsedAt: key.last_used_at,
  };
}

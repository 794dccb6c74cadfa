import type { Next } from 'koa';
import type { S3BucketRow } from '../db/schema';
import { createBucket, deleteBucket, getBucketLocation, getBucketVersioning, headBucket, listBuckets } from './buckets';
import { s3Errors } from './errors';
import { listObjectsV1, listObjectsV2 } from './list-objects';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  createMultipartUpload,
  listMultipartUploads,
  listParts,
  uploadPart,
} from './multipart/index';
import { copyObject, deleteObject, deleteObjects, getObject, headObject, putObject } from './objects';
import type { S3Ctx, S3Handler } from './types';

/** Sub-resources S3 has that Cairn does not keep (ACLs, policies, tagging…): named, so the answer says so. */
const UNSUPPORTED = [
  'acl',
  'policy',
  'cors',
  'lifecycle',
  'tagging',
  'website',
  'replication',
  'encryption',
  'object-lock',
  'retention',
  'legal-hold',
  'notification',
  'logging',
  'accelerate',
  'requestPayment',
  'analytics',
  'metrics',
  'inventory',
  'intelligent-tiering',
  'ownershipControls',
  'publicAccessBlock',
  'torrent',
  'restore',
  'select',
  'versions',
  'attributes',
];

/** The operation a request names, by its method, whether it addresses a bucket and a key, and its sub-resource. */
function operation(ctx: S3Ctx): S3Handler | null {
  const { bucketName, objectKey } = ctx.state;
  const q = ctx.query;
  const has = (name: string) => q[name] !== undefined;
  const method = ctx.method;
  if (bucketName === null) return method === 'GET' ? listBuckets : null;
  const unsupported = UNSUPPORTED.find(has);
  if (unsupported) throw s3Errors.notImplemented(`The ${unsupported} sub-resource`);
  if (objectKey === null) {
    if (method === 'PUT') return createBucket;
    if (method === 'HEAD') return headBucket;
    if (method === 'DELETE') return deleteBucket;
    if (method === 'POST') return has('delete') ? deleteObjects : null;
    if (method !== 'GET') return null;
    if (has('location')) return getBucketLocation;
    if (has('versioning')) return getBucketVersioning;
    if (has('uploads')) return listMultipartUploads;
    return q['list-type'] === '2' ? listObjectsV2 : listObjectsV1;
  }
  switch (method) {
    case 'PUT':
      if (has('uploadId') || has('partNumber')) {
        if (ctx.get('x-amz-copy-source')) throw s3Errors.notImplemented('UploadPartCopy');
        return uploadPart;
      }
      return ctx.get('x-amz-copy-source') ? copyObject : putObject;
    case 'GET':
      return has('uploadId') ? listParts : getObject;
    case 'HEAD':
      return headObject;
    case 'DELETE':
      return has('uploadId') ? abortMultipartUpload : deleteObject;
    case 'POST':
      if (has('uploads')) return createMultipartUpload;
      if (has('uploadId')) return completeMultipartUpload;
      return null;
    default:
      return null;
  }
}

/** Runs the request's operation with the signer's bucket (NoSuchBucket when the account has none of that name). */
export function dispatch() {
  return async (ctx: S3Ctx, _next: Next) => {
    const handler = operation(ctx);
    if (!handler) throw s3Errors.methodNotAllowed(ctx.method);
    const { bucketName } = ctx.state;
    let bucket: S3BucketRow | null = null;
    if (bucketName !== null && handler !== createBucket) {
      bucket = (await ctx.state.app.stores.s3Buckets.find(ctx.state.user.id, bucketName)) ?? null;
      if (!bucket) throw s3Errors.noSuchBucket(bucketName);
    }
    await handler(ctx, bucket);
  };
}

import type { ParameterizedContext } from 'koa';
import type { AppContext } from '../context';
import type { S3BucketRow, S3KeyRow, UserRow } from '../db/schema';

/** What the S3 app knows of a request once it is authenticated and addressed. */
export interface S3State {
  app: AppContext;
  /** Sent back as `x-amz-request-id` and in every error body. */
  requestId: string;
  /** The signer's account, active, read on this request. */
  user: UserRow;
  /** The access key that signed the request. */
  key: S3KeyRow;
  /** The bucket and object key the request addresses (path-style or virtual-hosted-style); null when absent. */
  bucketName: string | null;
  objectKey: string | null;
  /**
   * The request's payload as the client meant it: `aws-chunked` framing removed with every chunk's
   * signature checked, and a signed payload's SHA-256 checked at its end (the stream throws an
   * S3Error there, so nothing half-checked is ever stored). Read once.
   */
  payload: AsyncIterable<Uint8Array>;
  /** The payload's length when known (`x-amz-decoded-content-length`, else `Content-Length`). */
  payloadLength: number | null;
}

export type S3Ctx = ParameterizedContext<S3State>;

/** An S3 operation's handler; the bucket, when the operation names one, is the signer's. */
export type S3Handler = (ctx: S3Ctx, bucket: S3BucketRow | null) => Promise<void>;

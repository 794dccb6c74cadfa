import type { AppContext } from '../../context';
import type { S3KeyRow, UserRow } from '../../db/schema';

/** The account's S3 access keys, newest first. */
export function s3KeyLister(app: AppContext, user: UserRow): Promise<S3KeyRow[]> {
  return app.stores.s3Keys.listForUser(user.id);
}

/**
 * The address S3 clients are given, or null when the server runs no S3 API. With `S3_HOST` it is
 * that host, over the scheme the public URL uses (a proxy in front terminates TLS for both);
 * otherwise the public URL's host on the S3 port.
 */
export function s3Endpoint(app: AppContext): string | null {
  const s3 = app.config.s3;
  if (!s3) return null;
  const self = new URL(app.selfUrl);
  if (s3.hostName) return `${self.protocol === 'https:' ? 'https' : 'http'}://${s3.hostName}`;
  return `${self.protocol}//${self.hostname}:${s3.port}`;
}

/** The region clients sign for. */
export const s3Region = (app: AppContext): string => app.config.s3?.region ?? 'us-east-1';

import aws4 from 'aws4';
import type { TestUser } from './factories';
import type { TestServer } from './harness';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface S3Response {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
}

export interface S3RequestOptions {
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** A query string as sent, without `?` (`list-type=2&prefix=a`). */
  query?: string;
  /** Sign the query (a presigned URL) rather than the headers. */
  presign?: boolean;
}

/** An S3 access key of `user`, made through the API as a user would. */
export async function createS3Key(
  server: TestServer,
  user: TestUser,
  body: Record<string, unknown> = { name: 'test' },
): Promise<S3Credentials> {
  const res = await server.api.post('/api/v2/s3/keys', body, { token: user.token });
  if (res.status !== 201) throw new Error(`S3 key not created: ${res.status} ${res.text}`);
  return { accessKeyId: res.body.accessKeyId as string, secretAccessKey: res.body.secretAccessKey as string };
}

/** Each segment of an object path percent-encoded as S3 clients send it (`/` kept). */
export const s3Path = (bucket: string, key = ''): string =>
  `/${bucket}${
    key
      ? `/${key
          .split('/')
          .map((segment) => encodeURIComponent(segment))
          .join('/')}`
      : ''
  }`;

/** Requests to a server's S3 endpoint signed with Signature V4 (path-style), as an S3 SDK sends them. */
export function s3Client(s3Url: string, credentials: S3Credentials) {
  const url = new URL(s3Url);
  return {
    /** The URL and headers of a signed request, sent by the caller (a presigned URL when `presign`). */
    sign(method: string, path: string, options: S3RequestOptions = {}) {
      const signed = aws4.sign(
        {
          host: url.host,
          method,
          path: options.query ? `${path}?${options.query}` : path,
          headers: { ...options.headers },
          body: options.body,
          service: 's3',
          region: 'us-east-1',
          signQuery: options.presign,
        },
        credentials,
      );
      return { url: `${url.origin}${signed.path}`, headers: signed.headers as Record<string, string> };
    },

    async send(method: string, path: string, options: S3RequestOptions = {}): Promise<S3Response> {
      const { url: target, headers } = this.sign(method, path, options);
      const res = await fetch(target, { method, headers, body: options.body });
      const bytes = Buffer.from(await res.arrayBuffer());
      return { status: res.status, headers: res.headers, bytes, text: bytes.toString('utf8') };
    },
  };
}

export type S3Client = ReturnType<typeof s3Client>;

/** The text of the first `<name>` element of an S3 XML answer. */
export const xmlText = (xml: string, name: string): string | undefined => xml.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1];

/** The texts of every `<name>` element of an S3 XML answer. */
export const xmlTexts = (xml: string, name: string): string[] =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!);

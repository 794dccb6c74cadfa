import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The floor of an S3 upload on this machine: an endpoint that answers the calls of `aws s3 cp`
 * (a bucket check, a multipart upload's create, parts and complete, a plain put) and drops the
 * bytes, checking no signature and keeping nothing. What a client reaches against it is the most
 * any S3 server could give that client here, the client's own work (hashing, signing) included.
 */
export async function startS3Sink(): Promise<{ url: string; close: () => Promise<void> }> {
  let parts = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sink');
    req.resume();
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/xml');
      if (req.method === 'POST' && url.searchParams.has('uploads')) {
        res.end('<InitiateMultipartUploadResult><Bucket>b</Bucket><Key>k</Key><UploadId>sink</UploadId></InitiateMultipartUploadResult>');
      } else if (req.method === 'POST' && url.searchParams.has('uploadId')) {
        res.end('<CompleteMultipartUploadResult><ETag>"sink-1"</ETag></CompleteMultipartUploadResult>');
      } else if (req.method === 'PUT') {
        res.setHeader('ETag', `"${(parts++).toString(16).padStart(32, '0')}"`);
        res.end();
      } else res.end('<ListBucketResult><Name>b</Name><IsTruncated>false</IsTruncated></ListBucketResult>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

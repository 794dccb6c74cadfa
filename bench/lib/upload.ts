import { timed } from './measure';
import type { BenchServer } from './server';

/** POST /api/v2/upload with curl streaming the file from disk, as a client would. */
export async function uploadWithCurl(
  server: BenchServer,
  file: string,
  cidVersion: 0 | 1,
): Promise<{ seconds: number; cid: string; size: number; uploadId: string }> {
  const { seconds, stdout } = await timed('curl', [
    '-sS',
    '--fail-with-body',
    '-H',
    `authorization: Bearer ${server.token}`,
    // No 100-continue round trip: send the body at once.
    '-H',
    'Expect:',
    '-F',
    `file=@${file};type=application/octet-stream`,
    `${server.url}/api/v2/upload?cidVersion=${cidVersion}`,
  ]);
  const body = JSON.parse(stdout) as { cid: string; size: number; uploadId: string };
  return { seconds, cid: body.cid, size: body.size, uploadId: body.uploadId };
}

/** GET /ipfs/{cid} through the server's gateway with curl, bytes thrown away. */
export function downloadWithCurl(server: BenchServer, cid: string): Promise<{ seconds: number; bytes: number }> {
  return curlDownload(`${server.url}/ipfs/${cid}`);
}

/** A GET by curl, bytes thrown away: its wall time and the bytes it received. */
export async function curlDownload(url: string): Promise<{ seconds: number; bytes: number }> {
  const { seconds, stdout } = await timed('curl', ['-sS', '--fail', '-o', '/dev/null', '-w', '%{size_download}', url]);
  return { seconds, bytes: Number(stdout) };
}

import path from 'node:path';
import { timed } from './measure';
import type { BenchServer } from './server';

interface Uploaded {
  seconds: number;
  cid: string;
  size: number;
  uploadId: string;
}

/** A POST by curl to the server's `apiPath` with the bench user's token, `body` the arguments giving its body: its wall time and its JSON answer. */
export async function curlApi<T>(server: BenchServer, apiPath: string, body: string[]): Promise<{ seconds: number; answer: T }> {
  const { seconds, stdout } = await timed('curl', [
    '-sS',
    '--fail-with-body',
    '-H',
    `authorization: Bearer ${server.token}`,
    // No 100-continue round trip: send the body at once.
    '-H',
    'Expect:',
    ...body,
    `${server.url}${apiPath}`,
  ]);
  return { seconds, answer: JSON.parse(stdout) as T };
}

/** The fields of an upload's answer the benchmarks use. */
const uploaded = ({ seconds, answer: { cid, size, uploadId } }: { seconds: number; answer: Omit<Uploaded, 'seconds'> }): Uploaded => ({
  seconds,
  cid,
  size,
  uploadId,
});

/** POST /api/v2/upload with curl streaming the file from disk, as a client would. */
export async function uploadWithCurl(server: BenchServer, file: string, cidVersion: 0 | 1): Promise<Uploaded> {
  return uploaded(await curlApi(server, `/api/v2/upload?cidVersion=${cidVersion}`, ['-F', `file=@${file};type=application/octet-stream`]));
}

/** POST /api/v2/upload/directory?mode=dag with curl: each file of `folder` a part named by its path (`site/f01.bin`), as a browser sends a folder. */
export async function uploadFolderWithCurl(server: BenchServer, folder: string, names: string[]): Promise<Uploaded> {
  const top = path.basename(folder);
  const parts = names.flatMap((name) => ['-F', `file=@${path.join(folder, name)};filename=${top}/${name};type=application/octet-stream`]);
  return uploaded(await curlApi(server, '/api/v2/upload/directory?mode=dag&cidVersion=1', parts));
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

import type { Readable } from 'node:stream';
import type { CID } from 'multiformats/cid';
import { ContentNotFoundError } from '../errors';
import { answerText, streamedAnswer } from '../remote/http-stream';

/**
 * A range of a file's bytes from a Kubo node's own HTTP gateway (`KUBO_GATEWAY_URL`). Its RPC
 * API's `cat` writes and flushes every 4 KiB, which costs Kubo and Cairn several times what the
 * gateway's large writes do. `offline` asks for what the node holds only (`only-if-cached`: the
 * gateway answers 412 instead of fetching).
 */
export function gatewayRead(
  gatewayUrl: string,
  cid: CID,
  options: { offset: number; length: number; offline: boolean; signal?: AbortSignal },
): Promise<Readable> {
  const headers: Record<string, string> = { range: `bytes=${options.offset}-${options.offset + options.length - 1}` };
  if (options.offline) headers['cache-control'] = 'only-if-cached';
  return streamedAnswer(new URL(`/ipfs/${cid.toString()}`, gatewayUrl), { method: 'GET', headers, signal: options.signal }, async (res) => {
    // A whole file answered to a range that starts later would be the wrong bytes.
    if (res.statusCode === 206 || (res.statusCode === 200 && options.offset === 0)) return;
    const text = await answerText(res);
    if (res.statusCode === 404 || res.statusCode === 412) throw new ContentNotFoundError(cid.toString());
    throw new Error(`Kubo gateway answered ${res.statusCode}: ${text.slice(0, 200)}`);
  });
}

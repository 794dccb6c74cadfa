import type { CID } from 'multiformats/cid';
import { ContentNotFoundError } from '../errors';
import type { ContentStream } from '../types';
import { answerText, streamedAnswer } from '../remote/http-stream';
import { socketGet } from '../remote/socket-get';

interface RangeRead {
  offset: number;
  length: number;
  offline: boolean;
  signal?: AbortSignal;
}

/**
 * A range of a file's bytes from a Kubo node's own HTTP gateway (`KUBO_GATEWAY_URL`). Its RPC
 * API's `cat` writes and flushes every 4 KiB, which costs Kubo and Cairn several times what the
 * gateway's large writes do. `offline` asks for what the node holds only (`only-if-cached`: the
 * gateway answers 412 instead of fetching). A plain-HTTP gateway is read over a bare socket
 * (`socketGet`), anything else through Node's HTTP client.
 */
export async function gatewayRead(gatewayUrl: string, cid: CID, options: RangeRead): Promise<ContentStream> {
  const url = new URL(`/ipfs/${cid.toString()}`, gatewayUrl);
  const headers: Record<string, string> = { range: `bytes=${options.offset}-${options.offset + options.length - 1}` };
  if (options.offline) headers['cache-control'] = 'only-if-cached';
  const answer = url.protocol === 'http:' ? await socketGet(url, headers, options.signal) : null;
  if (answer) {
    if (accepted(answer.status, options)) return answer.body;
    throw refusal(cid, answer.status, await answerText(answer.body));
  }
  return streamedAnswer(url, { method: 'GET', headers, signal: options.signal }, async (res) => {
    const status = res.statusCode ?? 0;
    if (!accepted(status, options)) throw refusal(cid, status, await answerText(res));
  });
}

/** A whole file answered to a range that starts later would be the wrong bytes. */
const accepted = (status: number, options: RangeRead): boolean => status === 206 || (status === 200 && options.offset === 0);

function refusal(cid: CID, status: number, text: string): Error {
  if (status === 404 || status === 412) return new ContentNotFoundError(cid.toString());
  return new Error(`Kubo gateway answered ${status}: ${text.slice(0, 200)}`);
}

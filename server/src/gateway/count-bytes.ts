import type { ServerResponse } from 'node:http';
import type { BandwidthMeter } from '../commands/bandwidth/bandwidth-meter';
import type { ChargedRecord } from '../stores/bandwidth-store';

const chunkBytes = (chunk: unknown, encoding?: unknown): number => {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return 0;
  if (typeof chunk === 'string') return Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return (chunk as Uint8Array).byteLength ?? 0;
};

/**
 * Counts the body bytes this answer hands to the socket (whatever writes them: Koa piping a stream,
 * a relay writing into the response, an error's JSON), so that a Range answer or a download cut
 * short counts what was sent, not what `Content-Length` promised. Charged to `record` when the
 * response closes, finished or not.
 */
export function countBody(res: ServerResponse, meter: BandwidthMeter, record: ChargedRecord): void {
  let bytes = 0;
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (!res.destroyed) bytes += chunkBytes(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (!res.destroyed && !res.writableEnded) bytes += chunkBytes(chunk, rest[0]);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse['end'];
  res.once('close', () => meter.add(record, bytes));
}

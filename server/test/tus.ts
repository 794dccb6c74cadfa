import http from 'node:http';
import type { TestClient } from './client';

/** Headers every tus request carries. */
export const TUS = { 'Tus-Resumable': '1.0.0' };

/** The tus `Upload-Metadata` header: comma-separated `key base64(value)` pairs. */
export function uploadMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** `POST` a tus creation; `path` is the creation endpoint (with any query). */
export function tusCreate(api: TestClient, path: string, length: number, options: { token?: string; filename?: string } = {}) {
  const headers: Record<string, string> = { ...TUS, 'Upload-Length': String(length) };
  if (options.filename) headers['Upload-Metadata'] = uploadMetadata({ filename: options.filename });
  return api.request('POST', path, { token: options.token, headers });
}

/** The offset the server holds for an upload (`HEAD`). */
export async function tusOffset(api: TestClient, location: string, token?: string): Promise<number> {
  const res = await api.request('HEAD', location, { token, headers: TUS });
  if (res.status !== 200) throw new Error(`HEAD ${location}: ${res.status}`);
  return Number(res.headers.get('upload-offset'));
}

/** Sends `bytes` at `offset` in one `PATCH`. */
export function tusPatch(api: TestClient, location: string, offset: number, bytes: Uint8Array, token?: string) {
  return api.request('PATCH', location, {
    token,
    headers: { ...TUS, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    body: bytes,
  });
}

/**
 * A `PATCH` whose connection drops after `sendBytes` of `bytes` were written: what a client sees
 * when its Wi-Fi goes. Resolves once the socket is gone.
 */
export function tusPatchCut(
  baseUrl: string,
  location: string,
  offset: number,
  bytes: Uint8Array,
  sendBytes: number,
  token?: string,
): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(`${baseUrl}${location}`, {
      method: 'PATCH',
      headers: {
        ...TUS,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(bytes.length),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(bytes.subarray(0, sendBytes), () => setTimeout(() => req.destroy(), 200));
  });
}

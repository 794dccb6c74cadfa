import type { HttpClient, RequestOptions } from '../http';

/** Content by CID from the server's gateway (`/ipfs/<cid>[/<path>]`). */
export class Gateway {
  constructor(private readonly http: HttpClient) {}

  /** The gateway's URL for a CID, optionally a path inside it. */
  url(cid: string, path = ''): string {
    const tail = path ? `/${path.split('/').filter(Boolean).map(encodeURIComponent).join('/')}` : '';
    return this.http.url(`/ipfs/${encodeURIComponent(cid)}${tail}`, undefined, true);
  }

  /** The content's Response; read `body` as a stream. Errors are the SDK's typed errors. */
  get(cid: string, path = '', options: RequestOptions = {}): Promise<Response> {
    const tail = path ? `/${path.split('/').filter(Boolean).map(encodeURIComponent).join('/')}` : '';
    return this.http.request<Response>({
      method: 'GET',
      path: `/ipfs/${encodeURIComponent(cid)}${tail}`,
      raw: true,
      idempotent: true,
      timeoutMs: options.timeoutMs ?? 0,
      signal: options.signal,
    });
  }
}

// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
import type { HttpClient, RequestOptions } from '../http';
/** Content by CID from the server's gateway (`/ipfs/<cid>[/<path>]`). */
export declare class Gateway {
  private readonly http;
  constructor(http: HttpClient);
  /** The gateway's URL for a CID, optionally a path inside it. */
  url(cid: string, path?: string): string;
  /** The content's Response; read `body` as a stream. Errors are the SDK's typed errors. */
  get(cid: string, path?: string, options?: RequestOptions): Promise<Response>;
}

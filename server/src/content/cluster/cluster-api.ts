import { ContentAbortedError } from '../errors';
import { postStreamed } from '../remote/http-stream';
import { multipartBody, multipartType, type MultipartFile } from '../remote/multipart-body';

/** A pin as IPFS Cluster's REST API describes it (`GET /allocations/{cid}`, `POST /pins/{cid}`). */
export interface ClusterPin {
  cid: string;
  name: string;
  allocations: string[] | null;
  replication_factor_min: number;
  replication_factor_max: number;
}

/** Per-peer status of a pin (`GET /pins/{cid}`): `peer_map` keyed by Cluster peer id. */
export interface ClusterPinInfo {
  cid: string;
  name: string;
  peer_map: Record<string, { peername: string; status: string; timestamp: string; error: string }> | null;
}

export interface ClusterPeer {
  id: string;
  peername: string;
  error?: string;
  /** The peer's Kubo node. */
  ipfs?: { id?: string };
}

/** One line of `/add`'s answer: a file or folder of the import. */
export interface ClusterAdded {
  name: string;
  cid: string;
  size?: number;
  bytes?: number;
}

class ClusterApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`IPFS Cluster answered ${status}: ${message}`);
  }
}

export interface ClusterCredentials {
  /** `user:password` for the REST API's basic authentication. */
  basicAuth?: string;
  /** A token from `POST /token` (JWT), sent as a bearer token. */
  token?: string;
}

/** Every JSON value of a body that holds one object, an array, or one object per line. */
function jsonValuesOf<T>(text: string): T[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  if (trimmed.startsWith('[')) return JSON.parse(trimmed) as T[];
  return trimmed
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

const jsonValues = async <T>(response: Response): Promise<T[]> => jsonValuesOf<T>(await response.text());

/** The message of an error answer: Cluster's JSON `message`, or the text itself. */
function errorMessage(text: string): string {
  try {
    return (JSON.parse(text) as { message?: string }).message ?? text.slice(0, 300);
  } catch {
    return text.slice(0, 300);
  }
}

/** `POST /ipfs/gc`'s answer: each peer's removed blocks (`keys`), or why it could not collect. */
export interface ClusterRepoGc {
  peer_map: Record<
    string,
    { peer: string; peername: string; keys: Array<{ key?: { '/': string }; error?: string }> | null; error?: string }
  > | null;
}

/** IPFS Cluster's REST API (default port 9094), with its own wire shapes. */
export class ClusterApi {
  private readonly headers: Record<string, string> = {};

  constructor(
    readonly url: string,
    credentials: ClusterCredentials = {},
  ) {
    if (credentials.basicAuth) this.headers.authorization = `Basic ${Buffer.from(credentials.basicAuth).toString('base64')}`;
    else if (credentials.token) this.headers.authorization = `Bearer ${credentials.token}`;
  }

  private async request(
    method: string,
    path: string,
    init: { query?: Record<string, string>; signal?: AbortSignal } = {},
  ): Promise<Response> {
    const url = new URL(path, this.url);
    for (const [name, value] of Object.entries(init.query ?? {})) url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: this.headers,
        signal: init.signal,
      });
    } catch (error) {
      if (init.signal?.aborted) throw new ContentAbortedError(init.signal.reason);
      throw error;
    }
    if (!response.ok) throw new ClusterApiError(response.status, errorMessage(await response.text().catch(() => '')));
    return response;
  }

  /**
   * `POST /add`: the files as one multipart body, streamed as they are read (see `postStreamed`);
   * answers each imported entry.
   */
  async add(files: AsyncIterable<MultipartFile>, query: Record<string, string>, signal?: AbortSignal): Promise<ClusterAdded[]> {
    const { boundary, body } = multipartBody(files);
    const url = new URL('/add', this.url);
    for (const [name, value] of Object.entries({ 'stream-channels': 'true', ...query })) url.searchParams.set(name, value);
    const answer = await postStreamed(url, { ...this.headers, 'content-type': multipartType(boundary) }, body, signal);
    if (answer.status < 200 || answer.status >= 300) throw new ClusterApiError(answer.status, errorMessage(answer.text));
    if (answer.streamError) throw new ClusterApiError(500, answer.streamError);
    return jsonValuesOf<ClusterAdded>(answer.text);
  }

  async pin(cid: string, query: Record<string, string>, signal?: AbortSignal): Promise<ClusterPin> {
    return (await this.request('POST', `/pins/${cid}`, { query, signal })).json() as Promise<ClusterPin>;
  }

  /** `DELETE /pins/{cid}`; a CID that is not pinned is no error. */
  async unpin(cid: string): Promise<void> {
    try {
      await this.request('DELETE', `/pins/${cid}`);
    } catch (error) {
      if (error instanceof ClusterApiError && error.status === 404) return;
      throw error;
    }
  }

  /** `GET /allocations/{cid}`: the pin, or null when the Cluster does not pin the CID. */
  async allocation(cid: string): Promise<ClusterPin | null> {
    try {
      return (await (await this.request('GET', `/allocations/${cid}`)).json()) as ClusterPin;
    } catch (error) {
      if (error instanceof ClusterApiError && error.status === 404) return null;
      throw error;
    }
  }

  async status(cid: string, signal?: AbortSignal): Promise<ClusterPinInfo> {
    return (await this.request('GET', `/pins/${cid}`, { signal })).json() as Promise<ClusterPinInfo>;
  }

  /** `POST /ipfs/gc`: a garbage collection of every peer's Kubo node, answered when all are done. */
  async repoGc(signal?: AbortSignal): Promise<ClusterRepoGc> {
    return (await this.request('POST', '/ipfs/gc', { signal })).json() as Promise<ClusterRepoGc>;
  }

  async peers(): Promise<ClusterPeer[]> {
    return jsonValues<ClusterPeer>(await this.request('GET', '/peers'));
  }

  async id(): Promise<ClusterPeer & { ipfs?: { addresses?: string[] } }> {
    return (await this.request('GET', '/id')).json() as Promise<ClusterPeer & { ipfs?: { addresses?: string[] } }>;
  }
}

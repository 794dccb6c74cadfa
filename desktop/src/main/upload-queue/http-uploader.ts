import type { UploadResult as RecordResult, Usage } from '@cairn/shared/api-types';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { Readable } from 'node:stream';
import { walkFolder } from './folder-walk';
import { multipartBody, type FilePart, type MultipartBody } from './multipart-body';
import { discardResumable, ResumableNotOffered, uploadResumable } from './resumable-upload';
import { failureFromError, failureFromResponse, UploadFailure } from './upload-failure';
import type { Uploader, UploadItem, UploadResult } from './uploader';

/** The name is the queue's, for its screen: the request names the file after its path. */
type SentItem = Omit<UploadItem, 'name'>;

interface RawAnswer {
  status: number;
  body: string;
  retryAfter?: string;
}

export interface HttpUploaderOptions {
  serverUrl: string;
  /** The session or API token; read at each request so a new sign-in applies at once. */
  token: () => string | null;
  cidVersion?: 0 | 1;
  /** Files from this size on go over tus where the server offers it (default 64 MiB). */
  resumableFromBytes?: number;
  /** Bytes per tus PATCH (default 64 MiB). */
  chunkBytes?: number;
}

const MIB = 1024 * 1024;

/**
 * Streams items to the Cairn API. A big file goes over tus (`/uploads/resumable`) where the server
 * offers it: its upload URL is handed to the queue's journal, so after a dropped connection, a
 * closed app or a crash it continues from the offset the server holds. Other items go as
 * multipart requests: a file to `POST /upload`, a folder as one DAG to
 * `POST /upload/directory?mode=dag` (its parts named `<folder>/<relative path>`, so the root CID
 * is the one `ipfs add -r <folder>` gives); an interrupted request restarts that item from byte 0,
 * as the server keeps nothing of an upload whose client went away.
 */
export class HttpUploader implements Uploader {
  readonly #options: Required<HttpUploaderOptions>;
  readonly #agent: http.Agent;
  /** Unknown until a creation is answered; false once the server showed it has no tus endpoint. */
  #resumable: boolean | undefined;

  constructor(options: HttpUploaderOptions) {
    this.#options = { cidVersion: 1, resumableFromBytes: 64 * MIB, chunkBytes: 64 * MIB, ...options };
    const secure = new URL(options.serverUrl).protocol === 'https:';
    this.#agent = new (secure ? https.Agent : http.Agent)({ keepAlive: true, maxSockets: 16 });
  }

  async upload(
    item: SentItem,
    onProgress: (sent: number) => void,
    signal: AbortSignal,
    onResumeUrl: (url: string | undefined) => void = () => undefined,
  ): Promise<UploadResult> {
    if (item.kind === 'file' && this.#resumable !== false && (item.resumeUrl || (item.size ?? 0) >= this.#options.resumableFromBytes)) {
      try {
        const result = await uploadResumable({
          serverUrl: this.#options.serverUrl,
          token: this.#options.token(),
          cidVersion: this.#options.cidVersion,
          chunkBytes: this.#options.chunkBytes,
          file: item.path,
          resumeUrl: item.resumeUrl,
          onProgress,
          onResumeUrl: onResumeUrl,
          signal,
        });
        this.#resumable = true;
        return result;
      } catch (error) {
        if (!(error instanceof ResumableNotOffered)) throw error;
        this.#resumable = false;
        onResumeUrl(undefined);
      }
    }
    return this.#uploadMultipart(item, onProgress, signal);
  }

  /** Drops what the server keeps of a cancelled item's partial upload, giving its reserved quota back. */
  async discard(item: SentItem): Promise<void> {
    if (item.resumeUrl) await discardResumable(this.#options.serverUrl, this.#options.token(), item.resumeUrl);
  }

  async #uploadMultipart(item: SentItem, onProgress: (sent: number) => void, signal: AbortSignal): Promise<UploadResult> {
    const query = new URLSearchParams({ cidVersion: String(this.#options.cidVersion) });
    let parts: FilePart[];
    let route: string;
    try {
      if (item.kind === 'folder') {
        const base = path.basename(item.path);
        parts = (await walkFolder(item.path)).map((file) => ({ path: file.path, filename: `${base}/${file.relative}`, size: file.size }));
        query.set('mode', 'dag');
        route = '/api/v2/upload/directory';
      } else {
        const { size } = await fs.stat(item.path);
        parts = [{ path: item.path, filename: path.basename(item.path), size }];
        route = '/api/v2/upload';
      }
    } catch (error) {
      throw failureFromError(error);
    }
    const request = multipartBody(parts);
    let response: RawAnswer;
    try {
      response = await this.#send(new URL(`${route}?${query}`, this.#options.serverUrl), request, onProgress, signal);
    } catch (error) {
      throw await this.#explain(error, request.length, signal);
    }
    if (response.status !== 200 && response.status !== 201) {
      throw failureFromResponse(response.status, response.body, response.retryAfter, Date.now());
    }
    const body = JSON.parse(response.body) as RecordResult;
    return { cid: body.cid, uploadId: body.uploadId, duplicate: body.duplicate };
  }

  /**
   * A server that refuses an upload mid-body answers and closes; Node's client then often reports
   * the broken pipe and loses the answer. The one refusal that must not be retried is a full
   * quota, so after a dropped connection the account's usage says whether that was it.
   */
  async #explain(error: unknown, bytes: number, signal: AbortSignal): Promise<unknown> {
    if (!(error instanceof UploadFailure) || error.code !== 'network_error' || signal.aborted) return error;
    try {
      const token = this.#options.token();
      const answer = await fetch(new URL('/api/v2/users/me/usage', this.#options.serverUrl), {
        headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        signal: AbortSignal.timeout(5000),
      });
      if (answer.status === 401) return failureFromResponse(401, await answer.text(), undefined, Date.now());
      const usage = (await answer.json()) as Partial<Usage>;
      if (typeof usage.used === 'number' && typeof usage.limit === 'number' && usage.used + bytes > usage.limit) {
        return new UploadFailure('quota', 'quota_exceeded', 'Not enough storage left for this upload');
      }
    } catch {
      // The server is unreachable too: a network failure it is.
    }
    return error;
  }

  /** Stops keeping idle connections open (the queue is closing). */
  close(): void {
    this.#agent.destroy();
  }

  #send(url: URL, body: MultipartBody, onProgress: (sent: number) => void, signal: AbortSignal): Promise<RawAnswer> {
    return new Promise<RawAnswer>((resolve, reject) => {
      const token = this.#options.token();
      const request = (url.protocol === 'https:' ? https : http).request(url, {
        method: 'POST',
        agent: this.#agent,
        signal,
        headers: {
          'Content-Type': body.contentType,
          'Content-Length': String(body.length),
          Accept: 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      });
      request.once('error', (error) => reject(signal.aborted ? signal.reason : failureFromError(error)));
      request.once('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('error', (error) => reject(failureFromError(error)));
        response.once('end', () => {
          const retryAfter = response.headers['retry-after'];
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), retryAfter });
        });
      });
      let sent = 0;
      const source = Readable.from(body.chunks());
      source.on('data', (chunk: Buffer) => {
        sent += chunk.length;
        onProgress(sent);
      });
      // A refused upload is answered before the body ends and the server closes: the answer wins.
      source.once('error', (error) => {
        request.destroy();
        reject(failureFromError(error));
      });
      source.pipe(request);
    });
  }
}

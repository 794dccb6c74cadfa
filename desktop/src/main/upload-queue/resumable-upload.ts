import type { UploadResult as RecordResult } from '@cairn/shared/api-types';
import fs from 'node:fs';
import path from 'node:path';
import { Upload, type DetailedError, type HttpResponse } from 'tus-js-client';
import { failureFromError, failureFromResponse, UploadFailure } from './upload-failure';
import type { UploadResult } from './uploader';

export const RESUMABLE_PATH = '/api/v2/uploads/resumable';

/** The server has no tus endpoint (an older Cairn, or a proxy in front of it that hides it). */
export class ResumableNotOffered extends Error {
  constructor() {
    super('The server does not offer resumable uploads');
    this.name = 'ResumableNotOffered';
  }
}

export interface ResumableRequest {
  serverUrl: string;
  token: string | null;
  cidVersion: 0 | 1;
  /** Bytes per PATCH: a proxy may cap request sizes, and each request ends in bounded time. */
  chunkBytes: number;
  file: string;
  /** The upload URL a previous attempt (maybe of a previous run of the app) created, to continue it. */
  resumeUrl: string | undefined;
  onProgress(sent: number): void;
  /** Called with the upload's URL as soon as the server gave it, to be kept in the journal. */
  onResumeUrl(url: string): void;
  signal: AbortSignal;
}

// Creation answered with "no such route": the server predates tus or something in front hides it.
const NOT_OFFERED = new Set([404, 405, 501]);

function failureOf(error: unknown): unknown {
  const detailed = error as Partial<DetailedError>;
  const response = detailed.originalResponse as HttpResponse | null | undefined;
  if (!response) return failureFromError(detailed.causingError ?? error);
  const status = response.getStatus();
  if (detailed.originalRequest?.getMethod() === 'POST' && NOT_OFFERED.has(status)) return new ResumableNotOffered();
  return failureFromResponse(status, response.getBody() ?? '', response.getHeader('Retry-After') ?? undefined, Date.now());
}

/** The record: from the last PATCH's answer, or from the upload's URL when a previous run had finished it. */
async function recordOf(lastResponse: HttpResponse, uploadUrl: string, headers: Record<string, string>): Promise<UploadResult> {
  let status = lastResponse.getStatus();
  let text = lastResponse.getBody() ?? '';
  if (status !== 200 || !text) {
    const answer = await fetch(uploadUrl, { headers: { ...headers, Accept: 'application/json' }, signal: AbortSignal.timeout(60_000) });
    status = answer.status;
    text = await answer.text();
    if (status !== 200) throw failureFromResponse(status, text, answer.headers.get('retry-after') ?? undefined, Date.now());
  }
  const body = JSON.parse(text) as RecordResult;
  return { cid: body.cid, uploadId: body.uploadId, duplicate: body.duplicate };
}

/**
 * Sends one file over tus (`/api/v2/uploads/resumable`), reading it from disk at whatever offset
 * the server holds. An upload URL from an earlier attempt is continued (HEAD, then PATCH from the
 * offset); an expired or unknown one is replaced by a new upload, so only that file starts over.
 * Retrying is the queue's business (with its backoff), so the client itself never retries.
 */
export async function uploadResumable(request: ResumableRequest): Promise<UploadResult> {
  const headers: Record<string, string> = request.token ? { Authorization: `Bearer ${request.token}` } : {};
  const endpoint = new URL(`${RESUMABLE_PATH}?cidVersion=${request.cidVersion}`, request.serverUrl).toString();
  // tus reads the file by its path at each offset; this stream only names it, and is closed at the end.
  const source = fs.createReadStream(request.file);
  source.once('error', () => undefined);
  try {
    await fs.promises.access(request.file, fs.constants.R_OK);
    return await send(request, source, endpoint, headers);
  } catch (error) {
    throw error instanceof ResumableNotOffered || request.signal.aborted ? error : failureFromError(error);
  } finally {
    source.destroy();
  }
}

function send(request: ResumableRequest, source: fs.ReadStream, endpoint: string, headers: Record<string, string>): Promise<UploadResult> {
  return new Promise<UploadResult>((resolve, reject) => {
    const upload = new Upload(source, {
      endpoint,
      uploadUrl: request.resumeUrl ? new URL(request.resumeUrl, request.serverUrl).toString() : null,
      headers,
      metadata: { filename: path.basename(request.file) },
      chunkSize: request.chunkBytes,
      retryDelays: null,
      storeFingerprintForResuming: false,
      onUploadUrlAvailable() {
        request.onResumeUrl(new URL(upload.url!).pathname);
      },
      onProgress: (sent) => request.onProgress(sent),
      onSuccess({ lastResponse }) {
        recordOf(lastResponse, upload.url!, headers).then(resolve, reject);
      },
      onError(error) {
        if (!request.signal.aborted) reject(failureOf(error));
      },
    });
    request.signal.addEventListener(
      'abort',
      () => {
        // Paused, cancelled or closing: the partial upload stays on the server for the next attempt.
        void upload.abort(false).catch(() => undefined);
        reject(request.signal.reason);
      },
      { once: true },
    );
    if (request.signal.aborted) return;
    upload.start();
  });
}

/** Drops a partial upload on the server (a cancelled item): its reserved quota comes back at once. */
export async function discardResumable(serverUrl: string, token: string | null, resumeUrl: string): Promise<void> {
  const answer = await fetch(new URL(resumeUrl, serverUrl), {
    method: 'DELETE',
    headers: { 'Tus-Resumable': '1.0.0', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal: AbortSignal.timeout(10_000),
  });
  if (answer.status !== 204 && answer.status !== 404 && answer.status !== 410) {
    throw new UploadFailure('retry', `http_${answer.status}`, `The server answered ${answer.status}`);
  }
}

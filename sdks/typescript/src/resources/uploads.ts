import type { HttpClient, RequestOptions } from '../http';
import type { ProgressCallback } from '../multipart';
import { directoryParts, partFrom, type DirectoryEntry, type FileSource } from '../sources';
import type { DagUploadResult, FilesUploadResult, RemoveResult, Upload, UploadResult } from '../types';
import { UploadPages, type ListParams } from './pages';
import { resumableUpload, type ResumableUploadOptions } from './resumable';
import { sendBody } from './send-body';
import { sendMultipart } from './send-multipart';
import type { ResumableSource } from '../resumable-source';

export interface UploadOptions extends RequestOptions {
  /** A custom name for the record (letters, digits, `.`, `_`, `-`). */
  name?: string;
  /** 1 (default) for `ipfs add --cid-version=1`, 0 for a default `ipfs add` CID. */
  cidVersion?: 0 | 1;
  /** Called as bytes are sent. */
  onProgress?: ProgressCallback;
}

export interface FileUploadOptions extends UploadOptions {
  /** The part's filename (the record's name when `name` is not given). */
  filename?: string;
}

export interface DirectoryUploadOptions extends UploadOptions {
  /** `dag` (default): one DAG and one record; `files`: one record per file. */
  mode?: 'dag' | 'files';
}

/** Uploads and the account's records. */
export class Uploads {
  constructor(private readonly http: HttpClient) {}

  /** Uploads one file, streamed: a path (Node), a Blob or File, bytes or a stream. */
  async file(source: FileSource, options: FileUploadOptions = {}): Promise<UploadResult> {
    const part = await partFrom(source, options.filename);
    return sendMultipart<UploadResult>(
      this.http,
      '/upload',
      [part],
      part.size,
      { cidVersion: options.cidVersion, name: options.name },
      options,
    );
  }

  /**
   * Uploads one file resumably (tus), in chunks: a path (Node), a Blob or File, or bytes. Connection
   * errors and server errors are retried from the server's offset; after a cancellation or a crash,
   * pass the URL given to `onUploadUrl` as `uploadUrl`, or give a `store`, to continue.
   */
  resumable(source: ResumableSource, options: ResumableUploadOptions = {}): Promise<UploadResult> {
    return resumableUpload(this.http, source, options);
  }

  /**
   * Imports a CAR (one root, a complete DAG): a path (Node), a Blob or File, bytes or a stream. The
   * root becomes one record; a bad CAR is a `ValidationError` whose code starts with `car_`.
   */
  async car(source: FileSource, options: FileUploadOptions = {}): Promise<UploadResult> {
    const part = await partFrom(source, options.filename);
    return sendBody<UploadResult>(this.http, '/upload/car', part, 'application/vnd.ipld.car', { name: options.name }, options);
  }

  /**
   * Uploads a folder: a path on disk (Node; streamed file by file), entries `{path, content}`, or
   * the Files of an `<input webkitdirectory>`. As one DAG (`mode: 'dag'`) or as separate files.
   */
  directory(
    source: string | readonly DirectoryEntry[] | readonly File[],
    options: DirectoryUploadOptions & { mode: 'files' },
  ): Promise<FilesUploadResult>;
  directory(
    source: string | readonly DirectoryEntry[] | readonly File[],
    options?: DirectoryUploadOptions & { mode?: 'dag' },
  ): Promise<DagUploadResult>;
  async directory(
    source: string | readonly DirectoryEntry[] | readonly File[],
    options: DirectoryUploadOptions = {},
  ): Promise<DagUploadResult | FilesUploadResult> {
    const { parts, total } = await directoryParts(source);
    const query = { cidVersion: options.cidVersion, name: options.name, mode: options.mode ?? 'dag' };
    return sendMultipart(this.http, '/upload/directory', parts, Number.isNaN(total) ? undefined : total, query, options);
  }

  /** One page when awaited; every record when iterated: `for await (const u of cairn.uploads.list())`. */
  list(params: ListParams = {}, options: RequestOptions = {}): UploadPages {
    return new UploadPages(
      (p, o) =>
        this.http.request({
          method: 'GET',
          path: '/users/me/uploads',
          query: { page: p.page, limit: p.limit, search: p.search },
          idempotent: true,
          ...o,
        }),
      params,
      options,
    );
  }

  get(uploadId: string, options: RequestOptions = {}): Promise<Upload> {
    return this.http.request({ method: 'GET', path: `/uploads/${encodeURIComponent(uploadId)}`, idempotent: true, ...options });
  }

  /** Renaming to the same name changes nothing, so the call is retried like a read. */
  rename(uploadId: string, name: string, options: RequestOptions = {}): Promise<Upload> {
    return this.http.request({
      method: 'PATCH',
      path: `/uploads/${encodeURIComponent(uploadId)}`,
      json: { name },
      idempotent: true,
      ...options,
    });
  }

  delete(uploadId: string, options: RequestOptions = {}): Promise<RemoveResult> {
    return this.http.request({ method: 'DELETE', path: `/uploads/${encodeURIComponent(uploadId)}`, idempotent: false, ...options });
  }

  /** Deletes the account's record of a CID. */
  deleteByCid(cid: string, options: RequestOptions = {}): Promise<RemoveResult> {
    return this.http.request({ method: 'DELETE', path: `/file/${encodeURIComponent(cid)}`, idempotent: false, ...options });
  }
}

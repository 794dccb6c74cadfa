import type { HttpClient, RequestOptions } from '../http';
import type { ProgressCallback } from '../multipart';
import { directoryParts, isNamed, partFrom, type DirectoryEntry, type FileSource, type NamedFile } from '../sources';
import type { DagUploadResult, FilesUploadResult, RemoveResult, Upload, UploadDetail, UploadPatchRequest, UploadResult } from '../types';
import { listQuery, UploadPages, type ListParams } from './pages';
import { resumableUpload, uploadUrlOf, type ResumableUploadOptions } from './resumable';
import { sendBody } from './send-body';
import { sendMultipart } from './send-multipart';
import { terminateUpload } from './tus';
import type { ResumableSource } from '../resumable-source';

export interface UploadOptions extends RequestOptions {
  /** A custom name for the record (letters and digits of any script, `.`, `_`, `-`; no dot first). */
  name?: string;
  /** 1 (default) for `ipfs add --cid-version=1`, 0 for a default `ipfs add` CID. */
  cidVersion?: 0 | 1;
  /** A group of the account the new record joins. */
  groupId?: string;
  /** Key-values of the new record (at most 50; key 1–64 of `A-Z a-z 0-9 _ . -`, value ≤ 1 KiB). */
  meta?: Record<string, string>;
  /** Called as bytes are sent. */
  onProgress?: ProgressCallback;
  /** The new record is private: the gateway serves it only through signed links (`links.create`). */
  private?: boolean;
}

export interface FileUploadOptions extends UploadOptions {
  /** The part's filename (the record's name when `name` is not given). */
  filename?: string;
}

/** Several files in one request: each its own record, `name` has no use there. */
export type FilesUploadOptions = Omit<UploadOptions, 'name'>;

export interface DirectoryUploadOptions extends UploadOptions {
  /** `dag` (default): one DAG and one record; `files`: one record per file. */
  mode?: 'dag' | 'files';
}

/** `?private=true` only when asked: the server's default is public. */
const privateQuery = (options: { private?: boolean }): string | undefined => (options.private ? 'true' : undefined);
/** An upload's group and key-values as its query string carries them. */
const extrasQuery = (options: UploadOptions) => ({
  groupId: options.groupId,
  meta: options.meta && Object.keys(options.meta).length > 0 ? JSON.stringify(options.meta) : undefined,
});

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
      { cidVersion: options.cidVersion, name: options.name, private: privateQuery(options), ...extrasQuery(options) },
      options,
    );
  }

  /**
   * Uploads several files in one request, each stored and recorded on its own, answered in the
   * order given: paths (Node), Blobs or Files, bytes, or `{ filename, content }`. Many small files
   * go much faster so than one request each. A refused request records none of them; two files
   * of the same name in one request are refused (`invalid_path`).
   */
  async files(sources: readonly (FileSource | NamedFile)[], options: FilesUploadOptions = {}): Promise<FilesUploadResult> {
    const parts = await Promise.all(
      sources.map((source) => (isNamed(source) ? partFrom(source.content, source.filename) : partFrom(source))),
    );
    const sized = parts.every((part) => part.size !== undefined);
    const total = sized ? parts.reduce((sum, part) => sum + part.size!, 0) : undefined;
    const query = { cidVersion: options.cidVersion, mode: 'files', private: privateQuery(options), ...extrasQuery(options) };
    return sendMultipart<FilesUploadResult>(this.http, '/upload/directory', parts, total, query, options);
  }

  /**
   * Uploads one file resumably (tus), in chunks: a path (Node), a Blob or File, or bytes. Connection
   * errors and server errors are retried from the server's offset; after a cancellation or a crash,
   * pass the URL given to `onUploadUrl` as `uploadUrl`, or give a `store`, to continue. `groupId`
   * and `meta` are given to the record once it is stored.
   */
  async resumable(source: ResumableSource, options: ResumableUploadOptions = {}): Promise<UploadResult> {
    const { groupId, meta, ...rest } = options;
    const result = await resumableUpload(this.http, source, rest);
    // tus carries no group or key-values: the stored record is given them, each change retried alike.
    const signal = options.signal;
    if (groupId) {
      await this.http.request({
        method: 'POST',
        path: `/groups/${encodeURIComponent(groupId)}/uploads`,
        json: { uploadIds: [result.uploadId] },
        idempotent: true,
        signal,
      });
    }
    if (!meta || Object.keys(meta).length === 0) return result;
    return { ...result, ...(await this.setMeta(result.uploadId, meta, { signal })) };
  }

  /**
   * Drops what the server holds of a resumable upload (given its URL or path): it cannot be
   * continued any more, and the quota it reserved comes back. Cancelling `resumable` with its
   * signal keeps that, for a later call to continue; an upload already finished or expired is no
   * error.
   */
  discardResumable(uploadUrl: string, options: RequestOptions = {}): Promise<void> {
    return terminateUpload(this.http, uploadUrlOf(this.http, uploadUrl), options);
  }

  /**
   * Imports a CAR (one root, a complete DAG): a path (Node), a Blob or File, bytes or a stream. The
   * root becomes one record, named `name`, else after `filename` without its `.car` (as the web
   * UI names it), else automatically; a bad CAR is a `ValidationError` whose code starts with `car_`.
   */
  async car(source: FileSource, options: FileUploadOptions = {}): Promise<UploadResult> {
    const part = await partFrom(source, options.filename);
    const query = { name: options.name, private: privateQuery(options), ...extrasQuery(options) };
    // Only a multipart part carries a filename; without one the CAR is the body itself.
    if (options.filename !== undefined) return sendMultipart<UploadResult>(this.http, '/upload/car', [part], part.size, query, options);
    return sendBody<UploadResult>(this.http, '/upload/car', part, 'application/vnd.ipld.car', query, options);
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
    const query = {
      cidVersion: options.cidVersion,
      name: options.name,
      mode: options.mode ?? 'dag',
      private: privateQuery(options),
      ...extrasQuery(options),
    };
    return sendMultipart(this.http, '/upload/directory', parts, Number.isNaN(total) ? undefined : total, query, options);
  }

  /** One page when awaited; every record when iterated: `for await (const u of cairn.uploads.list())`. */
  list(params: ListParams = {}, options: RequestOptions = {}): UploadPages {
    return new UploadPages(
      (p, o) =>
        this.http.request({
          method: 'GET',
          path: '/users/me/uploads',
          query: listQuery(p),
          idempotent: true,
          ...o,
        }),
      params,
      options,
    );
  }

  /** A record with the groups it is in. */
  get(uploadId: string, options: RequestOptions = {}): Promise<UploadDetail> {
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

  /**
   * Makes a record private (the gateway serves its content only through signed links, unless
   * another record holds the same CID publicly) or public again. Setting what is set changes
   * nothing, so the call is retried like a read.
   */
  setPrivate(uploadId: string, value: boolean, options: RequestOptions = {}): Promise<Upload> {
    return this.http.request({
      method: 'PUT',
      path: `/files/${encodeURIComponent(uploadId)}/privacy`,
      json: { private: value },
      idempotent: true,
      ...options,
    });
  }

  /**
   * Renames a record and/or edits its key-values: in `meta` a string sets (or replaces) a key and
   * `null` removes it; other keys stay. Applying the same change again changes nothing, so it is retried.
   */
  update(uploadId: string, changes: UploadPatchRequest, options: RequestOptions = {}): Promise<Upload> {
    return this.http.request({
      method: 'PATCH',
      path: `/uploads/${encodeURIComponent(uploadId)}`,
      json: changes,
      idempotent: true,
      ...options,
    });
  }

  /** Sets (a string) or removes (`null`) key-values of a record. */
  setMeta(uploadId: string, meta: Record<string, string | null>, options: RequestOptions = {}): Promise<Upload> {
    return this.update(uploadId, { meta }, options);
  }

  delete(uploadId: string, options: RequestOptions = {}): Promise<RemoveResult> {
    return this.http.request({ method: 'DELETE', path: `/uploads/${encodeURIComponent(uploadId)}`, idempotent: false, ...options });
  }

  /** Deletes the account's record of a CID. */
  deleteByCid(cid: string, options: RequestOptions = {}): Promise<RemoveResult> {
    return this.http.request({ method: 'DELETE', path: `/file/${encodeURIComponent(cid)}`, idempotent: false, ...options });
  }
}

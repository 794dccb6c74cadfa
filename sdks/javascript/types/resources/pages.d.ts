// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
import type { RequestOptions } from '../http';
import type { Upload, UploadList } from '../types';
export interface ListParams {
  /** The page, from 1 (default 1). */
  page?: number;
  /** Records per page, 1–100 (default 10). */
  limit?: number;
  /** Keeps records whose name contains this text or whose CID starts with it. */
  search?: string;
  /** What the records are ordered by (the date they were added by default), and which way. */
  sort?: 'date' | 'name' | 'size';
  order?: 'asc' | 'desc';
  /** Keeps records whose name contains this text, any case. */
  name?: string;
  /** Keeps records whose CID starts with this. */
  cid?: string;
  type?: 'file' | 'directory' | 'dag';
  category?: 'image' | 'video' | 'audio' | 'document' | 'office' | 'archive' | 'code' | 'text' | 'other';
  /** Size range in bytes, both ends included. */
  minSize?: number;
  maxSize?: number;
  /** Added at or after `from` and before `to` (ISO date-times or Dates). */
  from?: string | Date;
  to?: string | Date;
  /** Keeps the records of this group. */
  groupId?: string;
  /** Key equals value, for each key (at most 10). */
  meta?: Record<string, string>;
  /** Key's value starts with this, for each key (at most 10). */
  metaPrefix?: Record<string, string>;
  /** Keys the record has (at most 10). */
  metaExists?: readonly string[];
}
/** The query string of a list request: every filter given, all applied at once. */
export declare function listQuery(p: ListParams): Record<string, string | number | undefined>;
type FetchPage = (params: ListParams, options: RequestOptions) => Promise<UploadList>;
/**
 * One page when awaited; every record of every page from `page` on when iterated with
 * `for await`, fetching the next page only when the previous one is used up.
 */
export declare class UploadPages implements PromiseLike<UploadList>, AsyncIterable<Upload> {
  private readonly fetchPage;
  private readonly params;
  private readonly options;
  private first?;
  constructor(fetchPage: FetchPage, params: ListParams, options: RequestOptions);
  then<A = UploadList, B = never>(
    onFulfilled?: ((value: UploadList) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B>;
  /** Every page in turn. */
  pages(): AsyncGenerator<UploadList>;
  [Symbol.asyncIterator](): AsyncGenerator<Upload>;
}
export {};

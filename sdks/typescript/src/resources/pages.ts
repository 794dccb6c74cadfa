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

const isoOf = (value: string | Date | undefined) => (value instanceof Date ? value.toISOString() : value);
const jsonOf = (value: Record<string, string> | undefined) => (value && Object.keys(value).length > 0 ? JSON.stringify(value) : undefined);

/** The query string of a list request: every filter given, all applied at once. */
export function listQuery(p: ListParams): Record<string, string | number | undefined> {
  return {
    page: p.page,
    limit: p.limit,
    search: p.search,
    sort: p.sort,
    order: p.order,
    name: p.name,
    cid: p.cid,
    type: p.type,
    category: p.category,
    minSize: p.minSize,
    maxSize: p.maxSize,
    from: isoOf(p.from),
    to: isoOf(p.to),
    groupId: p.groupId,
    meta: jsonOf(p.meta),
    metaPrefix: jsonOf(p.metaPrefix),
    metaExists: p.metaExists?.length ? p.metaExists.join(',') : undefined,
  };
}

type FetchPage = (params: ListParams, options: RequestOptions) => Promise<UploadList>;

/**
 * One page when awaited; every record of every page from `page` on when iterated with
 * `for await`, fetching the next page only when the previous one is used up.
 */
export class UploadPages implements PromiseLike<UploadList>, AsyncIterable<Upload> {
  private first?: Promise<UploadList>;

  constructor(
    private readonly fetchPage: FetchPage,
    private readonly params: ListParams,
    private readonly options: RequestOptions,
  ) {}

  then<A = UploadList, B = never>(
    onFulfilled?: ((value: UploadList) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.first ??= this.fetchPage(this.params, this.options);
    return this.first.then(onFulfilled, onRejected);
  }

  /** Every page in turn. */
  async *pages(): AsyncGenerator<UploadList> {
    let page = this.params.page ?? 1;
    for (;;) {
      const list = await this.fetchPage({ ...this.params, page }, this.options);
      if (list.files.length > 0) yield list;
      if (list.files.length === 0 || page * list.limit >= list.total) return;
      page += 1;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Upload> {
    for await (const list of this.pages()) yield* list.files;
  }
}

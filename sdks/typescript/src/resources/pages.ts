import type { RequestOptions } from '../http';
import type { Upload, UploadList } from '../types';

export interface ListParams {
  /** The page, from 1 (default 1). */
  page?: number;
  /** Records per page, 1–100 (default 10). */
  limit?: number;
  /** Keeps records whose name contains this text or whose CID starts with it. */
  search?: string;
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

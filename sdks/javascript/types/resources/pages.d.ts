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
}
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

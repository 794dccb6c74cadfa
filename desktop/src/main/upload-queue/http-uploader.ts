import { Cairn, CairnError, type ResumableUrlStore, type UploadProgress } from '@cairn/sdk';
import { failureFromError, UploadFailure } from './upload-failure';
import { sentName, type Uploader, type UploadItem, type UploadResult } from './uploader';

/** The name is the queue's, for its screen: the request names the file after its path. */
type SentItem = Omit<UploadItem, 'name'>;

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

/** Creation answered with "no such route": the server predates tus or something in front hides it. */
const NOT_OFFERED = new Set([404, 405, 501]);

const resultOf = ({ cid, uploadId, duplicate }: UploadResult): UploadResult => ({ cid, uploadId, duplicate });

/**
 * Sends items to the Cairn API through the SDK. A big file goes over tus (`/uploads/resumable`)
 * where the server offers it: its upload URL is handed to the queue's journal, so after a dropped
 * connection, a closed app or a crash it continues from the offset the server holds. Other items
 * go as multipart requests: a file to `POST /upload`, small files several to a request
 * (`POST /upload/directory?mode=files`, one record each), a folder as one DAG to
 * `POST /upload/directory?mode=dag` (its parts named `<folder>/<relative path>`, so the root CID
 * is the one `ipfs add -r <folder>` gives); an interrupted request restarts its items from byte 0,
 * as the server keeps nothing of an upload whose client went away. Retrying is the queue's
 * business (with its backoff), so the SDK never retries an upload itself.
 */
export class HttpUploader implements Uploader {
  readonly #options: Required<HttpUploaderOptions>;
  readonly #cairn: Cairn;
  /** Unknown until a creation is answered; false once the server showed it has no tus endpoint. */
  #resumable: boolean | undefined;

  constructor(options: HttpUploaderOptions) {
    this.#options = { cidVersion: 1, resumableFromBytes: 64 * MIB, chunkBytes: 64 * MIB, ...options };
    this.#cairn = new Cairn({ baseUrl: options.serverUrl, token: options.token, retry: { maxRetries: 0 } });
  }

  async upload(
    item: SentItem,
    onProgress: (sent: number) => void,
    signal: AbortSignal,
    onResumeUrl: (url: string | undefined) => void = () => undefined,
  ): Promise<UploadResult> {
    if (item.kind === 'file' && this.#resumable !== false && (item.resumeUrl || (item.size ?? 0) >= this.#options.resumableFromBytes)) {
      const sent = await this.#uploadResumable(item, onProgress, signal, onResumeUrl);
      if (sent) return sent;
    }
    const options = { cidVersion: this.#options.cidVersion, signal, onProgress: ({ loaded }: UploadProgress) => onProgress(loaded) };
    return this.#sent(signal, item.size ?? 0, async () =>
      resultOf(
        item.kind === 'folder'
          ? await this.#cairn.uploads.directory(item.path, options)
          : await this.#cairn.uploads.file(item.path, { ...options, filename: sentName(item) }),
      ),
    );
  }

  /** Several small files in one request; `onProgress` gets each one's bytes sent. */
  async uploadFiles(
    items: readonly SentItem[],
    onProgress: (index: number, sent: number) => void,
    signal: AbortSignal,
  ): Promise<UploadResult[]> {
    const starts: number[] = [];
    let bytes = 0;
    for (const item of items) starts.push((bytes += item.size ?? 0) - (item.size ?? 0));
    const progress = ({ loaded }: UploadProgress) => {
      items.forEach((item, index) => onProgress(index, Math.min(Math.max(loaded - starts[index]!, 0), item.size ?? 0)));
    };
    const answer = await this.#sent(signal, bytes, () =>
      this.#cairn.uploads.files(
        items.map((item) => ({ filename: sentName(item), content: item.path })),
        { cidVersion: this.#options.cidVersion, signal, onProgress: progress },
      ),
    );
    if (answer.files.length !== items.length) {
      throw new UploadFailure('retry', 'unexpected_answer', `The server answered ${answer.files.length} records for ${items.length} files`);
    }
    return answer.files.map(resultOf);
  }

  /** Drops what the server keeps of a cancelled item's partial upload, giving its reserved quota back. */
  async discard(item: SentItem): Promise<void> {
    if (!item.resumeUrl) return;
    try {
      await this.#cairn.uploads.discardResumable(item.resumeUrl);
    } catch (error) {
      throw failureFromError(error);
    }
  }

  /** Nothing to release: the SDK's connections are Node's keep-alive ones, closed when idle. */
  close(): void {}

  /** The tus upload, or undefined when the server showed it has no tus endpoint (the item then goes as a plain upload). */
  async #uploadResumable(
    item: SentItem,
    onProgress: (sent: number) => void,
    signal: AbortSignal,
    onResumeUrl: (url: string | undefined) => void,
  ): Promise<UploadResult | undefined> {
    // The journal keeps one upload URL per item: the item is the key, whatever the file's fingerprint.
    const journal: ResumableUrlStore = {
      get: () => item.resumeUrl,
      // A path from the server's root: the journal outlives the server's address.
      set: (_, url) => onResumeUrl(new URL(url).pathname),
      remove: () => undefined,
    };
    let started = false;
    try {
      const result = await this.#cairn.uploads.resumable(item.path, {
        cidVersion: this.#options.cidVersion,
        chunkSize: this.#options.chunkBytes,
        filename: sentName(item),
        store: journal,
        retries: 0,
        signal,
        onUploadUrl: () => (started = true),
        onProgress: ({ loaded }) => onProgress(loaded),
      });
      this.#resumable = true;
      return resultOf(result);
    } catch (error) {
      if (!started && error instanceof CairnError && NOT_OFFERED.has(error.status)) {
        this.#resumable = false;
        onResumeUrl(undefined);
        return undefined;
      }
      throw signal.aborted ? error : failureFromError(error);
    }
  }

  /** Runs a multipart request of `bytes` of files, its failure classified. */
  async #sent<T>(signal: AbortSignal, bytes: number, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (signal.aborted) throw error;
      throw await this.#explain(failureFromError(error), bytes);
    }
  }

  /**
   * A server that refuses an upload mid-body answers and closes; the answer can be lost to the
   * broken pipe. The one refusal that must not be retried is a full quota, so after a dropped
   * connection the account's usage says whether that was it.
   */
  async #explain(failure: UploadFailure, bytes: number): Promise<UploadFailure> {
    if (failure.code !== 'network_error') return failure;
    try {
      const usage = await this.#cairn.usage.get({ timeoutMs: 5000 });
      if (usage.used + bytes > usage.limit) return new UploadFailure('quota', 'quota_exceeded', 'Not enough storage left for this upload');
    } catch (error) {
      const asked = failureFromError(error);
      if (asked.kind === 'sign_in') return asked;
      // The server is unreachable too: a network failure it is.
    }
    return failure;
  }
}

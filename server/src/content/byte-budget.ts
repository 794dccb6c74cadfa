import { ContentAbortedError, ContentTooLargeError } from './errors';
import type { AddOptions } from './types';

/**
 * The byte budget of one stream of content on its way in (an import into a remote engine, a CAR
 * upload): the same rules the embedded importer applies while it reads (the cap, the quota hook,
 * the caller's abort), counted over every file of a folder.
 */
export class ByteBudget {
  total = 0;
  /** Why the input stopped (too large, quota, abort): the HTTP client only reports that its body failed. */
  private failure: unknown;

  constructor(private readonly options: Pick<AddOptions, 'maxBytes' | 'signal' | 'onBytes'>) {}

  /** Runs an engine call fed by `meter`; a failure of the input is thrown as itself. */
  async run<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (this.failure !== undefined) throw this.failure;
      if (this.options.signal?.aborted) throw new ContentAbortedError(this.options.signal.reason);
      throw error;
    }
  }

  /** Passes a stream through, counting its bytes; throws before a piece that would break a rule is sent. */
  async *meter(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of source) {
        this.options.signal?.throwIfAborted();
        if (this.total + chunk.byteLength > this.options.maxBytes) throw new ContentTooLargeError(this.options.maxBytes);
        this.total += chunk.byteLength;
        await this.options.onBytes?.(chunk.byteLength, this.total);
        this.options.signal?.throwIfAborted();
        yield chunk;
      }
    } catch (error) {
      this.failure ??= error;
      throw error;
    }
  }
}

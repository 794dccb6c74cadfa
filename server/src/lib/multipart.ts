import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { AppError } from './errors';

export interface FilePart {
  filename: string;
  mimeType: string;
  /** The part's bytes; a truncated or malformed body makes it throw a 400. */
  stream: AsyncIterable<Uint8Array>;
}

export interface MultipartOptions {
  /** Only parts of this field are yielded; others are drained. */
  field: string;
  maxFiles: number;
  /** Keep directory components in filenames (`docs/a/readme.md`), as directory uploads need. */
  preservePath: boolean;
}

const malformed = (detail: string) => new AppError(400, 'invalid_multipart', `Malformed multipart body: ${detail}`);

async function* guarded(stream: Readable, failure: () => Error | null): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) yield chunk;
  } catch (error) {
    throw failure() ?? malformed((error as Error).message);
  }
}

/**
 * Yields the file parts of a multipart/form-data request one at a time, straight off the socket:
 * each part must be consumed (or drained) before the next one arrives, so nothing is buffered.
 * A truncated or malformed body surfaces as a 400 from the iterator or the part's stream.
 */
export async function* multipartFiles(req: IncomingMessage, options: MultipartOptions): AsyncGenerator<FilePart> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      preservePath: options.preservePath,
      limits: { files: options.maxFiles, fields: 50, fieldSize: 64 * 1024, parts: options.maxFiles + 50 },
    });
  } catch {
    throw new AppError(415, 'unsupported_media_type', 'Send the upload as multipart/form-data');
  }

  const queue: FilePart[] = [];
  let finished = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };

  parser.on('file', (field, stream, info) => {
    if (field !== options.field) {
      stream.resume();
      return;
    }
    queue.push({ filename: info.filename ?? '', mimeType: info.mimeType, stream: guarded(stream, () => failure) });
    notify();
  });
  parser.on('filesLimit', () => {
    failure = new AppError(413, 'too_many_files', `At most ${options.maxFiles} files per upload`);
    notify();
  });
  parser.on('error', (error: Error) => {
    failure = malformed(error.message);
    notify();
  });
  parser.on('close', () => {
    finished = true;
    notify();
  });
  req.on('aborted', () => {
    failure = new AppError(400, 'upload_aborted', 'The upload was interrupted');
    parser.destroy(failure);
    notify();
  });
  req.pipe(parser);

  try {
    for (;;) {
      if (failure) throw failure;
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (finished) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    req.unpipe(parser);
    if (!finished) req.resume();
  }
}

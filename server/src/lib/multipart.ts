import type { IncomingMessage } from 'node:http';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '@cairn/shared';
import { AppError } from './errors';
import { clientError } from './error-answers';
import { boundaryOf, MalformedMultipartError, MultipartReader, parseDisposition } from './multipart-reader';

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

/** Text fields a form may carry besides its files (they are read past, never kept). */
const MAX_FIELDS = 50;

const malformed = (detail: string) => new AppError(400, 'invalid_multipart', `Malformed multipart body: ${detail}`);
const aborted = () => new AppError(400, 'upload_aborted', 'The upload was interrupted');
const tooMany = (max: number) => new AppError(413, 'too_many_files', `At most ${max} files per upload`);
const unstorableName = () => new AppError(400, 'validation_error', `The file name ${UNSTORABLE_TEXT_MESSAGE}`);

/**
 * Yields the file parts of a multipart/form-data request one at a time, straight off the socket:
 * each part must be consumed (or is drained) before the next one is read, so nothing is buffered.
 * A truncated or malformed body surfaces as a 400 from the iterator or the part's stream.
 */
export async function* multipartFiles(req: IncomingMessage, options: MultipartOptions): AsyncGenerator<FilePart> {
  const boundary = boundaryOf(req.headers['content-type']);
  if (!boundary) throw new AppError(415, 'unsupported_media_type', 'Send the upload as multipart/form-data');
  // Not destroyed when the reader stops early: the error response still goes out on this socket.
  const chunks = req.iterator({ destroyOnReturn: false });
  const reader = new MultipartReader(chunks, boundary);
  const failure = (error: unknown): Error => {
    if (req.destroyed && !req.complete) return aborted();
    if (error instanceof MalformedMultipartError) return malformed(error.message);
    return error instanceof Error && clientError(error) ? error : aborted();
  };
  let parts = 0;
  let files = 0;
  try {
    for (;;) {
      const headers = await reader.nextPart().catch((error: unknown) => {
        throw failure(error);
      });
      if (!headers) return;
      if (++parts > options.maxFiles + MAX_FIELDS) throw tooMany(options.maxFiles);
      const disposition = parseDisposition(headers.get('content-disposition') ?? '');
      if (!disposition || disposition.type !== 'form-data') continue;
      const mimeType = (headers.get('content-type') ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
      let filename = disposition.params.get('filename');
      if (filename === undefined && mimeType !== 'application/octet-stream') continue;
      if (++files > options.maxFiles) throw tooMany(options.maxFiles);
      if (disposition.params.get('name') !== options.field) continue;
      filename ??= '';
      // A folder's paths are refused by its importer (`cleanPath`), with the code that names paths.
      if (!options.preservePath && !isStorableText(filename)) throw unstorableName();
      if (!options.preservePath) filename = filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
      yield { filename, mimeType, stream: guarded(reader, failure) };
    }
  } finally {
    // What is left (an epilogue, or the rest of a refused upload, whose connection the caller
    // closes after answering) is read and dropped.
    await chunks.return?.();
    if (!req.complete) req.resume();
  }
}

async function* guarded(reader: MultipartReader, failure: (error: unknown) => Error): AsyncGenerator<Uint8Array> {
  try {
    yield* reader.body();
  } catch (error) {
    throw failure(error);
  }
}

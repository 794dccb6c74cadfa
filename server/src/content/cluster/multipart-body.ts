import crypto from 'node:crypto';

/** A file of a multipart import: its path in the folder (empty for a lone file) and its bytes. */
export interface MultipartFile {
  path: string;
  content: AsyncIterable<Uint8Array>;
}

/**
 * The multipart body Kubo's and Cluster's `/add` read: one part per file, named `file`, whose
 * URL-encoded file name is its path (the reader makes the folders the paths imply). Streamed as
 * the files are read, so nothing is held whole.
 */
export function multipartBody(files: AsyncIterable<MultipartFile>): { boundary: string; body: ReadableStream<Uint8Array> } {
  const boundary = `cairn-${crypto.randomBytes(16).toString('hex')}`;
  const encoder = new TextEncoder();
  async function* parts(): AsyncGenerator<Uint8Array> {
    for await (const file of files) {
      const name = file.path === '' ? '' : `; filename="${encodeURIComponent(file.path)}"`;
      yield encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"${name}\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      yield* file.content;
      yield encoder.encode('\r\n');
    }
    yield encoder.encode(`--${boundary}--\r\n`);
  }
  const iterator = parts();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel(reason) {
      await iterator.throw?.(reason).catch(() => undefined);
    },
  });
  return { boundary, body };
}

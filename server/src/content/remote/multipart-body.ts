import crypto from 'node:crypto';

/** A file of a multipart import: its path in the folder (empty for a lone file) and its bytes. */
export interface MultipartFile {
  path: string;
  content: AsyncIterable<Uint8Array>;
}

/**
 * The multipart body Kubo's and Cluster's `/add` read: one part per file, named `file`, whose
 * URL-encoded file name is its path (the reader makes the folders the paths imply). Produced as
 * the files are read, the files' own pieces passed on as they are, so nothing is held whole or
 * copied.
 */
export function multipartBody(files: AsyncIterable<MultipartFile>): { boundary: string; body: AsyncGenerator<Uint8Array> } {
  const boundary = `cairn-${crypto.randomBytes(16).toString('hex')}`;
  async function* parts(): AsyncGenerator<Uint8Array> {
    for await (const file of files) {
      const name = file.path === '' ? '' : `; filename="${encodeURIComponent(file.path)}"`;
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"${name}\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      yield* file.content;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return { boundary, body: parts() };
}

export const multipartType = (boundary: string): string => `multipart/form-data; boundary=${boundary}`;

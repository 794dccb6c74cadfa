import crypto from 'node:crypto';
import fs from 'node:fs';

/** One file part: read from `path` on disk when the body is sent, named `filename` in the request. */
export interface FilePart {
  path: string;
  filename: string;
  size: number;
}

export interface MultipartBody {
  contentType: string;
  /** Exact byte length, so the server can refuse an oversized upload before reading it. */
  length: number;
  chunks(): AsyncGenerator<Buffer>;
}

// Multipart header values are quoted strings: escape what would end or break the quoting.
function quoted(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[\r\n]/g, ' ');
}

/**
 * A multipart/form-data body whose file parts stream from disk: only one read buffer is in
 * memory at a time, whatever the size of the files. A file whose size changed since it was
 * measured fails the body (the declared length would lie); the queue then sends it again.
 */
export function multipartBody(parts: readonly FilePart[]): MultipartBody {
  const boundary = `----cairn-desktop-${crypto.randomBytes(12).toString('hex')}`;
  const heads = parts.map((part) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quoted(part.filename)}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
  );
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const crlf = Buffer.from('\r\n');
  const length = heads.reduce((sum, head, index) => sum + head.length + parts[index]!.size + crlf.length, tail.length);

  async function* chunks(): AsyncGenerator<Buffer> {
    for (const [index, part] of parts.entries()) {
      yield heads[index]!;
      let read = 0;
      // A read buffer no larger than the file: thousands of small files must not each allocate 256 KiB.
      const highWaterMark = Math.max(16 * 1024, Math.min(256 * 1024, part.size));
      for await (const chunk of fs.createReadStream(part.path, { highWaterMark })) {
        read += (chunk as Buffer).length;
        if (read > part.size) break;
        yield chunk as Buffer;
      }
      if (read !== part.size) throw Object.assign(new Error(`${part.path} changed while it was being sent`), { code: 'FILE_CHANGED' });
      yield crlf;
    }
    yield tail;
  }

  return { contentType: `multipart/form-data; boundary=${boundary}`, length, chunks };
}

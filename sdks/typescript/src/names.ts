/**
 * How a file's name travels, the one way every upload names it: in a multipart part's
 * Content-Disposition (plain uploads, folders, CARs) and in tus' Upload-Metadata (resumable
 * uploads). Either way the server receives the name exactly as it is, and applies its own rules
 * to it (the same for both), so a file gets the same record name however it was sent.
 */

const encoder = new TextEncoder();

/**
 * The `filename` parameters of a part: `filename*` (RFC 5987, UTF-8, percent-encoded) carries the
 * exact name and is what Cairn reads; `filename` is the same name as a quoted string (RFC 7578:
 * `\` and `"` escaped) for readers without RFC 5987, its line breaks, which no header may hold,
 * percent-encoded as browsers write them.
 */
export function filenameParams(name: string): string {
  const quoted = name.replace(/[\\"]/g, '\\$&').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  return `filename="${quoted}"; filename*=UTF-8''${extendedValue(name)}`;
}

/** RFC 5987's percent-encoding: every byte of the UTF-8 name but its `attr-char`s. */
function extendedValue(name: string): string {
  let out = '';
  for (const byte of encoder.encode(name)) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9!#$&+.^_`|~-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A `Content-Disposition` for a file part of the form field `file`. */
export function fileDisposition(name: string): string {
  return `form-data; name="file"; ${filenameParams(name)}`;
}

/** tus' `Upload-Metadata`: each key with its value's UTF-8 bytes in base64. */
export function tusMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${base64(encoder.encode(value))}`)
    .join(',');
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

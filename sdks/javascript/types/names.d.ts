// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
/**
 * How a file's name travels, the one way every upload names it: in a multipart part's
 * Content-Disposition (plain uploads, folders, CARs) and in tus' Upload-Metadata (resumable
 * uploads). Either way the server receives the name exactly as it is, and applies its own rules
 * to it (the same for both), so a file gets the same record name however it was sent.
 */
/**
 * The `filename` parameters of a part: `filename*` (RFC 5987, UTF-8, percent-encoded) carries the
 * exact name and is what Cairn reads; `filename` is the same name as a quoted string (RFC 7578:
 * `\` and `"` escaped) for readers without RFC 5987, its line breaks, which no header may hold,
 * percent-encoded as browsers write them.
 */
export declare function filenameParams(name: string): string;
/** A `Content-Disposition` for a file part of the form field `file`. */
export declare function fileDisposition(name: string): string;
/** tus' `Upload-Metadata`: each key with its value's UTF-8 bytes in base64. */
export declare function tusMetadata(fields: Record<string, string>): string;

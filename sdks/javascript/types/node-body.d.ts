// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
/**
 * Writes a streamed body into a node:http request with backpressure: each piece is written only
 * once the socket has taken the one before, and files are read into two reused buffers, so an
 * upload's memory stays flat and leaves no garbage behind, whatever the file's size.
 */
import type { open } from 'node:fs/promises';
import type { ClientRequest } from 'node:http';
import { type StreamedBody } from './body';
/** `open` is node:fs/promises', passed in since node: modules are imported on first use only. */
export declare function writeBody(req: ClientRequest, body: StreamedBody, openFile: typeof open): Promise<void>;

// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
import type { StreamedBody } from './body';
export declare const runsInNode: boolean;
/** fetch's contract, plus a streamed body that node-body writes. */
export declare function nodeFetch(url: string, init: RequestInit, streamed?: StreamedBody): Promise<Response>;

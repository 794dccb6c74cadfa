// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
/**
 * Uploads in browsers: fetch cannot say how much of a request body is sent, XMLHttpRequest can.
 * An upload whose caller follows its progress goes over XMLHttpRequest, answered as a fetch
 * Response, so the rest of the SDK cannot tell the two apart. Typed here with what it uses, so
 * the SDK's sources also build for Node alone (without the DOM's types).
 */
export declare const runsInBrowser: boolean;
/** fetch's contract over XMLHttpRequest, calling `onSent` with the body bytes sent so far. */
export declare function xhrFetch(url: string, init: RequestInit, onSent: (bytes: number) => void): Promise<Response>;

// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
export declare const runsInNode: boolean;
export declare function nodeStreamFetch(url: string, init: RequestInit): Promise<Response>;

// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
/** Kept equal to package.json's version by a test. */
export declare const SDK_VERSION = '0.1.0';

/** The content store: what the rest of the server imports. Load `./polyfills` first in main. */
export type * from './types';
export { PIN_STATUSES } from './types';
export * from './errors';
export { detectCategory, type Category } from './category';
export { cleanPath } from './paths';
export { createEmbeddedContentStore, type EmbeddedContentStore, type EmbeddedContentStoreOptions } from './embedded-store';
export type { NetworkingMode, NetworkOptions } from './network/network';

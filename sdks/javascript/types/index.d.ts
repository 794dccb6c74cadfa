// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
export { Cairn, type CairnOptions } from './client';
export * from './errors';
export type { RequestOptions } from './http';
export type { UploadProgress, ProgressCallback } from './multipart';
export type { DirectoryEntry, FileSource, NamedFile } from './sources';
export type { DirectoryUploadOptions, FileUploadOptions, FilesUploadOptions, UploadOptions } from './resources/uploads';
export type { ListParams, UploadPages } from './resources/pages';
export type { PinOptions, WaitOptions } from './resources/pins';
export type { GroupListParams, GroupMembers } from './resources/groups';
export type { PsaListParams, PsaWaitOptions } from './resources/psa';
export type { NameHistoryOptions, NamePublishOptions, NameRollbackOptions } from './resources/ipns-names';
export type { ResumableUploadOptions, ResumableUrlStore } from './resources/resumable';
export type { ResumableSource } from './resumable-source';
export type { DagParams } from './resources/account';
export type { RetryOptions } from './retry';
export type * from './types';
export { SDK_VERSION } from './version';
export {
  verifyWebhook,
  WebhookVerificationError,
  type VerifyWebhookOptions,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookVerificationErrorKind,
} from './webhooks';

// Generated from openapi.yaml (`npm run generate:api-types`). Do not edit.
import type { components } from './openapi';

type Schemas = components['schemas'];

export type PsaStatus = Schemas['PsaStatus'];
/** Every value of `PsaStatus`, in the order openapi.yaml lists them. */
export const psaStatusValues = ['queued', 'pinning', 'pinned', 'failed'] as const satisfies readonly PsaStatus[];
export type PsaTextMatchingStrategy = Schemas['PsaTextMatchingStrategy'];
/** Every value of `PsaTextMatchingStrategy`, in the order openapi.yaml lists them. */
export const psaTextMatchingStrategyValues = [
  'exact',
  'iexact',
  'partial',
  'ipartial',
] as const satisfies readonly PsaTextMatchingStrategy[];
/** String keys and values kept with the request. */
export type PsaPinMeta = Schemas['PsaPinMeta'];
/** The spec's Pin object, as sent. */
export type PsaPinRequest = Schemas['PsaPinRequest'];
/** The spec's Pin object, as kept (the CID in its canonical form). */
export type PsaPin = Schemas['PsaPin'];
export type PsaPinStatus = Schemas['PsaPinStatus'];
export type PsaPinResults = Schemas['PsaPinResults'];
export type PsaFailure = Schemas['PsaFailure'];
export type Readiness = Schemas['Readiness'];
export type AdminStats = Schemas['AdminStats'];
/** An account as administrators see it. */
export type AdminUser = Schemas['AdminUser'];
export type AdminBonusGrantRequest = Schemas['AdminBonusGrantRequest'];
export type AdminBonusGrant = Schemas['AdminBonusGrant'];
/** An account as administrators see it (AdminUser), with its profile and referral facts. */
export type AdminUserProfile = Schemas['AdminUserProfile'];
export type AdminUserDetail = Schemas['AdminUserDetail'];
/** At least one field. */
export type AdminUserUpdateRequest = Schemas['AdminUserUpdateRequest'];
/** A record of any account, with its owner. */
export type AdminFile = Schemas['AdminFile'];
/** One audit entry. Never holds a password, token or secret. */
export type LogEntry = Schemas['LogEntry'];
/** What an audit entry records, in the order the admin console lists them. */
export type AuditAction = Schemas['AuditAction'];
/** Every value of `AuditAction`, in the order openapi.yaml lists them. */
export const auditActionValues = [
  'login',
  'signup',
  'logout',
  'upload',
  'pin',
  'remove',
  'rename',
  'generate_token',
  'revoke_token',
  'update_profile',
  'change_password',
  'update_preferences',
  'change_plan',
  'change_plan_request',
  'create_order',
  'process_webhook',
  'order_cancel',
  'order_uncleared',
  'order_declined',
  'order_expired',
  'order_refunded',
  'order_void',
  'order_error',
  'create_plan',
  'update_plan',
  'delete_plan',
  'update_user',
  'grant_bonus',
  'prune_logs',
  'retry_content_job',
  'collect_engine_garbage',
  'check_usage',
  'enable_two_factor',
  'disable_two_factor',
  'update_admin_settings',
  'make_private',
  'make_public',
  'create_link',
  'revoke_link',
  'create_s3_key',
  'delete_s3_key',
] as const satisfies readonly AuditAction[];
export type LogPruneRequest = Schemas['LogPruneRequest'];
export type LogPruneResult = Schemas['LogPruneResult'];
/** A plan, with how many accounts hold it. */
export type AdminPlan = Schemas['AdminPlan'];
/**
 * A plan's name and description in the interface's other languages (`name` and
 * `description` of the plan are the English text). An empty field falls back to English.
 * In a request, a language sent with both fields empty loses its translation, and languages
 * not sent keep theirs.
 */
export type PlanTranslations = Schemas['PlanTranslations'];
export type PlanText = Schemas['PlanText'];
export type AdminPlanList = Schemas['AdminPlanList'];
export type PlanCreateRequest = Schemas['PlanCreateRequest'];
/** At least one field; `code` cannot change. */
export type PlanUpdateRequest = Schemas['PlanUpdateRequest'];
/** An API token of any account, never its secret or hash. */
export type AdminToken = Schemas['AdminToken'];
/** One job of the content engine's outbox. */
export type AdminContentJob = Schemas['AdminContentJob'];
/** One garbage collection of the content engine's nodes. */
export type AdminEngineGcRun = Schemas['AdminEngineGcRun'];
export type AdminEngineGc = Schemas['AdminEngineGc'];
export type AdminUsageChecks = Schemas['AdminUsageChecks'];
export type AdminUsageCheck = Schemas['AdminUsageCheck'];
export type AdminContentJobList = Schemas['AdminContentJobList'];
export type AdminContentJobRetry = Schemas['AdminContentJobRetry'];
export type AdminReferral = Schemas['AdminReferral'];
/** One row of the bonus storage ledger. */
export type AdminReward = Schemas['AdminReward'];
export type AdminUserList = Schemas['AdminUserList'];
export type AdminFileList = Schemas['AdminFileList'];
export type LogList = Schemas['LogList'];
export type AdminTokenList = Schemas['AdminTokenList'];
export type AdminReferralList = Schemas['AdminReferralList'];
export type AdminRewardList = Schemas['AdminRewardList'];
/** Every error response. */
export type ErrorBody = Schemas['Error'];
/**
 * A stable snake_case code for programs (the UI translates it): every code any error response
 * carries. Each operation documents the ones it can answer.
 */
export type ErrorCode = Schemas['ErrorCode'];
/** Every value of `ErrorCode`, in the order openapi.yaml lists them. */
export const errorCodeValues = [
  'access_link_expired',
  'access_link_invalid',
  'account_disabled',
  'admin_required',
  'already_pinned',
  'bad_request',
  'bandwidth_limit_exceeded',
  'busy',
  'cannot_modify_self',
  'car_block_mismatch',
  'car_block_too_large',
  'car_block_undecodable',
  'car_incomplete',
  'car_invalid',
  'car_roots',
  'car_too_deep',
  'car_too_many_blocks',
  'car_unixfs_mismatch',
  'car_unlinked_block',
  'car_unsupported_codec',
  'car_unsupported_hash',
  'cid_not_found',
  'content_job_not_found',
  'content_job_running',
  'content_unavailable',
  'crypto_unavailable',
  'default_plan_inactive',
  'default_plan_protected',
  'dns_label_too_long',
  'domain_limit_reached',
  'domain_not_found',
  'domain_taken',
  'domain_target_not_held',
  'email_taken',
  'engine_gc_running',
  'file_not_found',
  'file_not_received',
  'file_too_large',
  'files_not_received',
  'forbidden',
  'gateway_host_only',
  'gc_running',
  'gc_unsupported',
  'group_name_taken',
  'group_not_found',
  'headers_too_large',
  'identity_cid',
  'insufficient_funds',
  'insufficient_scope',
  'internal_error',
  'invalid_challenge',
  'invalid_cid',
  'invalid_credentials',
  'invalid_json',
  'invalid_multipart',
  'invalid_parameter',
  'invalid_path',
  'invalid_redirect_url',
  'invalid_referral_code',
  'invalid_signature',
  'invalid_token',
  'invalid_transaction',
  'invalid_two_factor_code',
  'invalid_upload_length',
  'invalid_upload_offset',
  'ipns_record_invalid',
  'ipns_record_outdated',
  'link_not_found',
  'meta_key_invalid',
  'meta_too_many_keys',
  'meta_value_too_long',
  'method_not_allowed',
  'missing_token',
  'name_limit_reached',
  'name_not_found',
  'name_not_resolved',
  'name_taken',
  'name_value_not_held',
  'not_a_directory',
  'not_a_file',
  'not_acceptable',
  'not_cached',
  'not_found',
  'not_implemented',
  'not_unixfs',
  'path_not_found',
  'path_outside_root',
  'payload_too_large',
  'payment_provider_error',
  'payment_url_missing',
  'payment_verification_failed',
  'payments_not_configured',
  'pin_failed',
  'pin_not_found',
  'pin_removed',
  'plan_already_active',
  'plan_exists',
  'plan_in_use',
  'plan_not_found',
  'plan_update_failed',
  'publication_not_found',
  'quota_exceeded',
  'range_not_satisfiable',
  'rate_limited',
  's3_key_limit_reached',
  's3_key_not_found',
  'session_ended',
  'session_required',
  'shutting_down',
  'signed_url_expired',
  'signed_url_not_found',
  'signed_url_used',
  'terms_not_accepted',
  'token_expired',
  'token_ip_not_allowed',
  'token_not_found',
  'token_revoked',
  'too_many_event_streams',
  'too_many_files',
  'too_many_links',
  'too_many_uploads',
  'tus_version_unsupported',
  'two_factor_already_enabled',
  'two_factor_not_enabled',
  'two_factor_not_started',
  'two_factor_required',
  'unauthorized',
  'unsupported_media_type',
  'upload_aborted',
  'upload_complete',
  'upload_expired',
  'upload_incomplete',
  'upload_lost',
  'upload_not_found',
  'upload_owner_unavailable',
  'user_not_found',
  'validation_error',
  'webhook_limit_reached',
  'webhook_not_found',
  'webhook_url_refused',
  'wrong_password',
] as const satisfies readonly ErrorCode[];
export type ValidationIssue = Schemas['ValidationIssue'];
/** One of the ten supported interface languages. */
export type LanguageCode = Schemas['LanguageCode'];
/** Every value of `LanguageCode`, in the order openapi.yaml lists them. */
export const languageCodeValues = ['en', 'es', 'ca', 'eu', 'fr', 'de', 'it', 'pt', 'ru', 'uk'] as const satisfies readonly LanguageCode[];
/** An ISO 3166-1 alpha-2 code, upper case. */
export type CountryCode = Schemas['CountryCode'];
/** An ISO 3166-1 alpha-2 code; case-insensitive, surrounding spaces are trimmed. */
export type CountryCodeInput = Schemas['CountryCodeInput'];
/** A real calendar date in DD/MM/YYYY, in the past and not before 1900. */
export type BirthDate = Schemas['BirthDate'];
/** A real calendar date in DD/MM/YYYY, in the past and not before 1900; surrounding spaces are trimmed. */
export type BirthDateInput = Schemas['BirthDateInput'];
export type Email = Schemas['Email'];
/** ISO 8601, UTC. */
export type Timestamp = Schemas['Timestamp'];
export type User = Schemas['User'];
export type SignupResult = Schemas['SignupResult'];
export type LoginResult = Schemas['LoginResult'];
/** The password was right; the account signs in with a second factor too. */
export type LoginChallenge = Schemas['LoginChallenge'];
export type TwoFactorLoginRequest = Schemas['TwoFactorLoginRequest'];
/** The six-digit code of the authenticator app, or a recovery code (`xxxxx-xxxxx`). */
export type TwoFactorCode = Schemas['TwoFactorCode'];
export type TwoFactorCodeRequest = Schemas['TwoFactorCodeRequest'];
export type TwoFactorStatus = Schemas['TwoFactorStatus'];
export type TwoFactorEnrolment = Schemas['TwoFactorEnrolment'];
export type TwoFactorRecoveryCodes = Schemas['TwoFactorRecoveryCodes'];
export type AdminSettings = Schemas['AdminSettings'];
export type AdminSettingsUpdateRequest = Schemas['AdminSettingsUpdateRequest'];
export type Preferences = Schemas['Preferences'];
export type Language = Schemas['Language'];
export type LanguageList = Schemas['LanguageList'];
export type Country = Schemas['Country'];
export type CountryList = Schemas['CountryList'];
/** The fields shared by `ApiToken` and `ApiTokenCreated`. */
export type ApiTokenFields = Schemas['ApiTokenFields'];
/**
 * A right an API token holds. `all` is every right of the account (administration too, for an
 * administrator's token) and stands alone; the others may be combined:
 * - `files:read`: list files, read a record, its DAG, status and allocations, and name
 *   downloads after the account's records at the gateway;
 * - `files:write`: upload (files, folders, CARs, resumable uploads), rename and delete
 *   files, and create signed upload URLs;
 * - `pins:write`: pin by CID and follow the pin's job;
 * - `groups:write`: create, rename and delete groups and change their members;
 * - `psa`: the Pinning Service API (`/psa`);
 * - `links:write`: create and revoke signed access links;
 * - `admin:*`: the administration routes (administrators only).
 * Managing tokens, the profile, the password, preferences, plans, payments and referrals
 * needs a session or an `all` token.
 */
export type TokenScope = Schemas['TokenScope'];
/** Every value of `TokenScope`, in the order openapi.yaml lists them. */
export const tokenScopeValues = [
  'all',
  'files:read',
  'files:write',
  'pins:write',
  'groups:write',
  'psa',
  'links:write',
  'admin:*',
] as const satisfies readonly TokenScope[];
/**
 * What an operation asks of an API token (its `x-cairn-scope`): one `TokenScope`, held by
 * the token (or `all`); `all`, only a full-access token; or `any`, any valid token.
 */
export type ScopeRequirement = Schemas['ScopeRequirement'];
/** Every value of `ScopeRequirement`, in the order openapi.yaml lists them. */
export const scopeRequirementValues = [
  'any',
  'all',
  'files:read',
  'files:write',
  'pins:write',
  'groups:write',
  'psa',
  'links:write',
  'admin:*',
] as const satisfies readonly ScopeRequirement[];
/** An API token as its owner sees it; never the secret or its hash. */
export type ApiToken = Schemas['ApiToken'];
/** A new API token with its secret, returned only once. */
export type ApiTokenCreated = Schemas['ApiTokenCreated'];
export type TokenList = Schemas['TokenList'];
/** The fields shared by `S3Key` and `S3KeyCreated`. */
export type S3KeyFields = Schemas['S3KeyFields'];
/** An S3 access key as its owner sees it (never its secret). */
export type S3Key = Schemas['S3Key'];
/** A new S3 key with its secret access key, returned only once. */
export type S3KeyCreated = Schemas['S3KeyCreated'];
export type S3KeyList = Schemas['S3KeyList'];
export type S3KeyCreateRequest = Schemas['S3KeyCreateRequest'];
/** Text fields are trimmed; unknown fields are ignored. */
export type SignupRequest = Schemas['SignupRequest'];
export type LoginRequest = Schemas['LoginRequest'];
/** Any of the profile fields; at least one. Unknown fields are ignored. */
export type ProfileUpdateRequest = Schemas['ProfileUpdateRequest'];
export type PasswordChangeRequest = Schemas['PasswordChangeRequest'];
export type PreferencesRequest = Schemas['PreferencesRequest'];
export type TokenGenerateRequest = Schemas['TokenGenerateRequest'];
/** A CID in its canonical form: CIDv0 (`Qm…`, base58btc) or CIDv1 in base32 (`bafy…`, `bafk…`). */
export type Cid = Schemas['Cid'];
/**
 * What the content's root is, however it arrived: `file` (one file, or a raw block),
 * `directory` (a UnixFS directory: a folder uploaded as one DAG or pinned by CID) or `dag` (a
 * root that is neither, kept for records of other IPLD data).
 */
export type UploadType = Schemas['UploadType'];
/** Every value of `UploadType`, in the order openapi.yaml lists them. */
export const uploadTypeValues = ['file', 'directory', 'dag'] as const satisfies readonly UploadType[];
/**
 * What the content is, from its first bytes and its name. A folder has the category all its
 * files share, and `other` when they differ (a `.bin` beside a `.txt`), whether it was
 * uploaded or pinned.
 */
export type Category = Schemas['Category'];
/** Every value of `Category`, in the order openapi.yaml lists them. */
export const categoryValues = [
  'image',
  'video',
  'audio',
  'document',
  'office',
  'archive',
  'code',
  'text',
  'other',
] as const satisfies readonly Category[];
/** The record's name, unique in the account. */
export type FileName = Schemas['FileName'];
/** The fields of a record of the account (an upload or a pin); shared by `Upload` and the upload results. */
export type UploadFields = Schemas['UploadFields'];
/** A record of the account. */
export type Upload = Schemas['Upload'];
export type PrivacyRequest = Schemas['PrivacyRequest'];
export type AccessLinkRequest = Schemas['AccessLinkRequest'];
export type AccessLink = Schemas['AccessLink'];
export type AccessLinkList = Schemas['AccessLinkList'];
/** A signed upload URL, shown once. */
export type SignedUpload = Schemas['SignedUpload'];
/** The record an upload created (or the account's existing record of the same content). */
export type UploadResult = Schemas['UploadResult'];
export type DagFile = Schemas['DagFile'];
/** A folder uploaded as one DAG (a record of type `directory`), with every file it contains. */
export type DagUploadResult = Schemas['DagUploadResult'];
/** A folder uploaded as separate files (`mode=files`). */
export type FilesUploadResult = Schemas['FilesUploadResult'];
export type UploadList = Schemas['UploadList'];
export type RemoveResult = Schemas['RemoveResult'];
/** What the gateway sent on one UTC day. */
export type BandwidthDay = Schemas['BandwidthDay'];
export type BandwidthUsage = Schemas['BandwidthUsage'];
export type RecordBandwidth = Schemas['RecordBandwidth'];
export type AdminBandwidth = Schemas['AdminBandwidth'];
export type Usage = Schemas['Usage'];
/** The Pinning Service API statuses. */
export type PinStatus = Schemas['PinStatus'];
/** Every value of `PinStatus`, in the order openapi.yaml lists them. */
export const pinStatusValues = ['queued', 'pinning', 'pinned', 'failed'] as const satisfies readonly PinStatus[];
export type PinStatusView = Schemas['PinStatusView'];
export type PinAllocationView = Schemas['PinAllocationView'];
/** Where the deployment keeps content. */
export type ContentEngine = Schemas['ContentEngine'];
/** Every value of `ContentEngine`, in the order openapi.yaml lists them. */
export const contentEngineValues = ['embedded', 'kubo', 'cluster'] as const satisfies readonly ContentEngine[];
/** A pin-by-CID job. */
export type PinJob = Schemas['PinJob'];
/** An entry of a directory: a file under it by relative path, or (with `path`) a direct entry by name. */
export type DagEntry = Schemas['DagEntry'];
export type DagView = Schemas['DagView'];
export type FileUploadRequest = Schemas['FileUploadRequest'];
export type DirectoryUploadRequest = Schemas['DirectoryUploadRequest'];
export type PinRequest = Schemas['PinRequest'];
/** A storage plan. */
export type Plan = Schemas['Plan'];
export type PlanList = Schemas['PlanList'];
export type CheckoutRequest = Schemas['CheckoutRequest'];
export type CheckoutResult = Schemas['CheckoutResult'];
/**
 * `pending` (checkout open), `paid`, `cancel` (left by the buyer), `uncleared` (completed,
 * payment still clearing), `declined`, `expired` (checkout not completed in time),
 * `refunded`, `void` (subscription ended before it was paid) or `error` (see the audit log).
 */
export type PaymentStatus = Schemas['PaymentStatus'];
/** Every value of `PaymentStatus`, in the order openapi.yaml lists them. */
export const paymentStatusValues = [
  'pending',
  'paid',
  'cancel',
  'uncleared',
  'declined',
  'expired',
  'refunded',
  'void',
  'error',
] as const satisfies readonly PaymentStatus[];
/** A plan order; `transactionId` is its id. */
export type Payment = Schemas['Payment'];
export type WebhookReceived = Schemas['WebhookReceived'];
export type Referral = Schemas['Referral'];
export type ReferralSummary = Schemas['ReferralSummary'];
/**
 * The record's key-values: at most 50, each key 1 to 64 characters of `A-Z a-z 0-9 _ . -`,
 * each value a string of at most 1024 bytes of UTF-8.
 */
export type RecordMeta = Schemas['RecordMeta'];
/** A record of the account, with the groups it is in. */
export type UploadDetail = Schemas['UploadDetail'];
/** A new name, changes of key-values, or both (at least one). */
export type UploadPatchRequest = Schemas['UploadPatchRequest'];
/** A group of the account's records. */
export type Group = Schemas['Group'];
export type GroupList = Schemas['GroupList'];
export type GroupRequest = Schemas['GroupRequest'];
/** The file list's filters as JSON (see `GET /users/me/uploads`); all apply at once. */
export type UploadFilterRequest = Schemas['UploadFilterRequest'];
/** Either `uploadIds` or `filter`. */
export type GroupMembersRequest = Schemas['GroupMembersRequest'];
export type GroupMembersAdded = Schemas['GroupMembersAdded'];
export type GroupMembersRemoved = Schemas['GroupMembersRemoved'];
export type GroupDeleted = Schemas['GroupDeleted'];
/** What every webhook delivery (and every live event) carries. */
export type WebhookEventEnvelope = Schemas['WebhookEventEnvelope'];
export type RecordEventData = Schemas['RecordEventData'];
/** A Pinning Service API `PinStatus` without `delegates`. */
export type PsaPinEventData = Schemas['PsaPinEventData'];
export type QuotaEventData = Schemas['QuotaEventData'];
export type PaymentEventData = Schemas['PaymentEventData'];
export type WebhookTestEventData = Schemas['WebhookTestEventData'];
/** An event a webhook endpoint may receive. */
export type WebhookEventType = Schemas['WebhookEventType'];
/** Every value of `WebhookEventType`, in the order openapi.yaml lists them. */
export const webhookEventTypeValues = [
  'upload.created',
  'record.deleted',
  'pin.queued',
  'pin.pinning',
  'pin.pinned',
  'pin.failed',
  'psa.pin.queued',
  'psa.pin.pinning',
  'psa.pin.pinned',
  'psa.pin.failed',
  'quota.near_limit',
  'quota.exceeded',
  'payment.succeeded',
  'payment.failed',
] as const satisfies readonly WebhookEventType[];
/** A webhook endpoint of the account. */
export type Webhook = Schemas['Webhook'];
/** The new endpoint and its signing secret, shown this once. */
export type WebhookCreated = Schemas['WebhookCreated'];
export type WebhookSecretRotateRequest = Schemas['WebhookSecretRotateRequest'];
export type WebhookSecretRotated = Schemas['WebhookSecretRotated'];
export type Domain = Schemas['Domain'];
export type DomainList = Schemas['DomainList'];
export type DomainCreateRequest = Schemas['DomainCreateRequest'];
export type DomainDeleted = Schemas['DomainDeleted'];
export type WebhookList = Schemas['WebhookList'];
export type WebhookCreateRequest = Schemas['WebhookCreateRequest'];
export type WebhookUpdateRequest = Schemas['WebhookUpdateRequest'];
export type WebhookQueued = Schemas['WebhookQueued'];
/** One event's delivery to one endpoint. */
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookDeliveryList = Schemas['WebhookDeliveryList'];
export type WebhookDeleted = Schemas['WebhookDeleted'];
/** An IPNS name, the `k51…` (base36 CIDv1 libp2p-key) form of an Ed25519 public key. */
export type IpnsNameText = Schemas['IpnsNameText'];
/** An IPNS name of the account, and the value it points to now. */
export type Name = Schemas['Name'];
export type NameList = Schemas['NameList'];
export type NameCreateRequest = Schemas['NameCreateRequest'];
export type NameUpdateRequest = Schemas['NameUpdateRequest'];
export type NamePublishRequest = Schemas['NamePublishRequest'];
export type NameRollbackRequest = Schemas['NameRollbackRequest'];
/** One record published to a name. */
export type NamePublication = Schemas['NamePublication'];
export type NameHistory = Schemas['NameHistory'];
export type NameKeyExport = Schemas['NameKeyExport'];
export type NameResolution = Schemas['NameResolution'];
export type NameDeleted = Schemas['NameDeleted'];
/** A peer that provides content (Delegated Routing V1 `peer` schema). */
export type RoutingProvider = Schemas['RoutingProvider'];
export type RoutingProviders = Schemas['RoutingProviders'];

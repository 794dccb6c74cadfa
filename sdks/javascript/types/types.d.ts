// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
/** Friendly names for the API's shapes, all taken from the types generated from `openapi.yaml`. */
import type { components } from './generated/openapi';
type Schemas = components['schemas'];
export type User = Schemas['User'];
export type Upload = Schemas['Upload'];
export type UploadResult = Schemas['UploadResult'];
export type DagUploadResult = Schemas['DagUploadResult'];
export type FilesUploadResult = Schemas['FilesUploadResult'];
export type UploadList = Schemas['UploadList'];
export type RemoveResult = Schemas['RemoveResult'];
export type AccessLink = Schemas['AccessLink'];
export type AccessLinkList = Schemas['AccessLinkList'];
export type AccessLinkRequest = Schemas['AccessLinkRequest'];
export type Usage = Schemas['Usage'];
export type PinJob = Schemas['PinJob'];
export type DagView = Schemas['DagView'];
export type ApiToken = Schemas['ApiToken'];
export type ApiTokenCreated = Schemas['ApiTokenCreated'];
export type TokenList = Schemas['TokenList'];
export type TokenGenerateRequest = Schemas['TokenGenerateRequest'];
/** A right an API token holds: `all` (full access) or `files:read`, `files:write`, `pins:write`, ... */
export type TokenScope = Schemas['TokenScope'];
export type PlanList = Schemas['PlanList'];
export type Plan = Schemas['Plan'];
export type CheckoutRequest = Schemas['CheckoutRequest'];
export type CheckoutResult = Schemas['CheckoutResult'];
export type ReferralSummary = Schemas['ReferralSummary'];
export type ApiErrorBody = Schemas['Error'];
export type PinStatusView = Schemas['PinStatusView'];
export type PinAllocationView = Schemas['PinAllocationView'];
export type PsaPinRequest = Schemas['PsaPinRequest'];
export type PsaPinStatus = Schemas['PsaPinStatus'];
export type PsaPinResults = Schemas['PsaPinResults'];
export type PsaStatus = Schemas['PsaStatus'];
export type PsaTextMatchingStrategy = Schemas['PsaTextMatchingStrategy'];
export type UploadDetail = Schemas['UploadDetail'];
export type UploadPatchRequest = Schemas['UploadPatchRequest'];
export type Group = Schemas['Group'];
export type GroupList = Schemas['GroupList'];
export type GroupMembersRequest = Schemas['GroupMembersRequest'];
export type UploadFilterRequest = Schemas['UploadFilterRequest'];
export type GroupMembersAdded = Schemas['GroupMembersAdded'];
export type GroupMembersRemoved = Schemas['GroupMembersRemoved'];
/** An IPNS name of the account and the value it points to now (`value`, `sequence`: null until first published). */
export type Name = Schemas['Name'];
export type NameList = Schemas['NameList'];
export type NamePublishRequest = Schemas['NamePublishRequest'];
export type NameRollbackRequest = Schemas['NameRollbackRequest'];
export type NameHistory = Schemas['NameHistory'];
export type NamePublication = Schemas['NamePublication'];
export type NameKeyExport = Schemas['NameKeyExport'];
export type NameResolution = Schemas['NameResolution'];
/** A custom domain of the account: `pending` until verified, then `verified` (serving) or `failed` (see `lastError`). */
export type Domain = Schemas['Domain'];
export type DomainList = Schemas['DomainList'];
export type DomainCreateRequest = Schemas['DomainCreateRequest'];
export type DomainDeleted = Schemas['DomainDeleted'];
export {};

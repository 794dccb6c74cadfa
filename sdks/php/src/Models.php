<?php

declare(strict_types=1);

namespace Cairn;

/**
 * What the API answers: the client returns the server's JSON decoded into arrays, and these array
 * shapes (for PHPStan, Psalm and IDEs) name their keys and types. Each is named after its schema in
 * openapi.yaml, and tests/ModelsTest.php holds it to that schema: every key, type, enum, and whether
 * it may be null (`|null`) or absent (`key?:`). A JSON number is `float|int`, as json_decode gives
 * either. The services import them (`@phpstan-import-type Upload from Models`).
 *
 * @phpstan-type Upload array{uploadId: string, name: string, originalName: string|null,
 *     customName: string|null, nameSource: 'custom'|'original'|'auto', cid: string, size: int,
 *     chargedBytes: int,
 *     type: 'file'|'directory'|'dag',
 *     category: 'image'|'video'|'audio'|'document'|'office'|'archive'|'code'|'text'|'other',
 *     filesCount: int, source: 'upload'|'pin', private: bool, createdAt: string,
 *     meta?: array<string, string>}
 * @phpstan-type UploadDetail array{uploadId: string, name: string, originalName: string|null,
 *     customName: string|null, nameSource: 'custom'|'original'|'auto', cid: string, size: int,
 *     chargedBytes: int,
 *     type: 'file'|'directory'|'dag',
 *     category: 'image'|'video'|'audio'|'document'|'office'|'archive'|'code'|'text'|'other',
 *     filesCount: int, source: 'upload'|'pin', private: bool, createdAt: string,
 *     meta?: array<string, string>, groups: list<array{id: string, name: string}>}
 * @phpstan-type UploadResult array{uploadId: string, name: string, originalName: string|null,
 *     customName: string|null, nameSource: 'custom'|'original'|'auto', cid: string, size: int,
 *     chargedBytes: int,
 *     type: 'file'|'directory'|'dag',
 *     category: 'image'|'video'|'audio'|'document'|'office'|'archive'|'code'|'text'|'other',
 *     filesCount: int, source: 'upload'|'pin', private: bool, createdAt: string,
 *     meta?: array<string, string>, duplicate: bool}
 * @phpstan-type DagFile array{filename: string, cid: string, size: int}
 * @phpstan-type DagUploadResult array{uploadId: string, name: string, originalName: string|null,
 *     customName: string|null, nameSource: 'custom'|'original'|'auto', cid: string, size: int,
 *     chargedBytes: int,
 *     type: 'file'|'directory'|'dag',
 *     category: 'image'|'video'|'audio'|'document'|'office'|'archive'|'code'|'text'|'other',
 *     filesCount: int, source: 'upload'|'pin', private: bool, createdAt: string,
 *     meta?: array<string, string>, duplicate: bool, files: list<DagFile>}
 * @phpstan-type FilesUploadResult array{files: list<UploadResult>, total: int, size: int}
 * @phpstan-type UploadList array{files: list<Upload>, total: int, totalAtLeast?: bool, page: int, limit: int}
 * @phpstan-type Group array{id: string, name: string, filesCount: int, createdAt: string}
 * @phpstan-type GroupList array{groups: list<Group>, total: int, page: int, limit: int}
 * @phpstan-type GroupDeleted array{deleted: bool}
 * @phpstan-type GroupMembersAdded array{added: int}
 * @phpstan-type GroupMembersRemoved array{removed: int}
 * @phpstan-type AccessLink array{id: string, uploadId: string, cid: string, url: string, token: string,
 *     expiresAt: string, downloadName: string|null, singleUse: bool, createdAt: string}
 * @phpstan-type AccessLinkList array{links: list<AccessLink>}
 * @phpstan-type Name array{id: string, label: string, name: string, value: string|null, sequence: int|null,
 *     ttlSeconds: int|null, validUntil: string|null, publishedAt: string|null, createdAt: string}
 * @phpstan-type NameList array{names: list<Name>}
 * @phpstan-type NameDeleted array{deleted: bool}
 * @phpstan-type NamePublication array{sequence: int, value: string, ttlSeconds: int, validUntil: string,
 *     source: 'publish'|'rollback'|'routing', publishedAt: string}
 * @phpstan-type NameHistory array{publications: list<NamePublication>}
 * @phpstan-type NameKeyExport array{name: string, format: 'libp2p-protobuf-cleartext', privateKey: string}
 * @phpstan-type NameResolution array{name: string, value: string, sequence: int, ttlSeconds: int, validUntil: string}
 * @phpstan-type Domain array{id: string, hostname: string, target: string, status: 'pending'|'verified'|'failed',
 *     verifiedAt: string|null, lastCheckedAt: string|null, lastError: string|null,
 *     dnslinkRecord: array{name: string, type: 'TXT', value: string}, createdAt: string}
 * @phpstan-type DomainList array{domains: list<Domain>}
 * @phpstan-type DomainDeleted array{deleted: bool}
 * @phpstan-type RemoveResult array{success: bool, cid: string, uploadId: string, removed: bool,
 *     operation: 'unpinned'|'record_removed', timestamp: string,
 *     message: 'File removed and unpinned'|'File removed from your account'}
 * @phpstan-type Usage array{used: int, limit: int, percent: float|int, limitReached: bool,
 *     planCode: string, planLimit: int, bonus: int, plan: array{code: string, name: string}}
 * @phpstan-type User array{id: string, email: string, name: string, lastname: string, country: string,
 *     birthDate: string, language: 'en'|'es'|'ca'|'eu'|'fr'|'de'|'it'|'pt'|'ru'|'uk',
 *     role: 'user'|'admin', status: 'active'|'inactive', referralCode: string, createdAt: string}
 * @phpstan-type ApiToken array{id: string, name: string, prefix: string, allowedIp: string|null,
 *     expiresAt: string|null, createdAt: string, lastUsedAt: string|null, lastUsedIp: string|null,
 *     revokedAt: string|null, status: 'active'|'expired'|'revoked',
 *     scopes: list<'all'|'files:read'|'files:write'|'pins:write'|'groups:write'|'psa'|'links:write'|'admin:*'>, groupId: string|null, groupName: string|null}
 * @phpstan-type ApiTokenCreated array{id: string, name: string, prefix: string, allowedIp: string|null,
 *     expiresAt: string|null, createdAt: string, lastUsedAt: string|null, lastUsedIp: string|null,
 *     revokedAt: string|null, status: 'active'|'expired'|'revoked',
 *     scopes: list<'all'|'files:read'|'files:write'|'pins:write'|'groups:write'|'psa'|'links:write'|'admin:*'>, groupId: string|null, groupName: string|null, token: string}
 * @phpstan-type PinJob array{id: string, cid: string, status: 'queued'|'pinning'|'pinned'|'failed',
 *     bytesFetched: int, blocks: int, error: string|null,
 *     errorCode: 'cid_not_found'|'path_not_found'|'not_a_file'|'quota_exceeded'|'name_taken'|'content_unavailable'|'not_found'|'account_disabled'|'pin_failed'|null,
 *     createdAt: string, updatedAt: string, upload: Upload|null}
 * @phpstan-type PinStatusView array{cid: string, engine: 'embedded'|'kubo'|'cluster',
 *     peers: list<array{peerId: string, peerName: string,
 *     status: 'pinned'|'pinning'|'queued'|'unpinned'|'error', error: string|null, updatedAt: string|null}>}
 * @phpstan-type PinAllocationView array{cid: string, engine: 'embedded'|'kubo'|'cluster',
 *     peers: list<array{peerId: string, peerName: string}>, replicationMin: int, replicationMax: int}
 * @phpstan-type DagView array{cid: string, uploadId: string, name: string, type: 'file'|'directory'|'dag',
 *     totalFiles: int, totalSize: int,
 *     entries: list<array{name: string, cid: string, type: 'file'|'directory'|'raw', size: int}>,
 *     total: int, page: int, limit: int, gatewayUrl: string, announced: bool, localUrl: string}
 * @phpstan-type Plan array{code: string, name: string, storageLimitBytes: int, priceMonthlyEur: float|int,
 *     description: string, active: bool, isDefault: bool, egressLimitBytes: int|null,
 *     egressOverLimit: 'block'|'serve', requestLimitFactor: int}
 * @phpstan-type PlanList array{plans: list<Plan>, currentPlanCode: string, currentPlan: Plan,
 *     paymentsConfigured: bool, cryptoAvailable: bool}
 * @phpstan-type CheckoutResult array{status: 'changed'|'redirect', plan?: Plan, url?: string,
 *     transactionId?: string}
 * @phpstan-type Referral array{id: string, email: string, joinedAt: string, lastActivityAt: string|null,
 *     earnedMb: float|int, hasPaidPlan: bool, active: bool}
 * @phpstan-type ReferralSummary array{code: string, link: string, totalReferrals: int,
 *     activeReferrals: int, totalEarnedMb: float|int, currentBonusMb: float|int,
 *     referrals: list<Referral>}
 * @phpstan-type PsaPin array{cid: string, name?: string, origins: list<string>, meta: array<string, string>}
 * @phpstan-type PsaPinStatus array{requestid: string, status: 'queued'|'pinning'|'pinned'|'failed',
 *     created: string, pin: PsaPin, delegates: list<string>, info: array<string, string>}
 * @phpstan-type PsaPinResults array{count: int, results: list<PsaPinStatus>}
 */
final class Models
{
    private function __construct()
    {
    }
}

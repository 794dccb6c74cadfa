import { bytesToMb } from '@cairn/shared';
import type { LogRow, PlanRow, PlanTranslationRow, UserRow } from '../db/schema';
import type { AdminReferralRow, AdminRewardRow } from '../stores/admin/referrals';
import type { AdminTokenRow } from '../stores/admin/tokens';
import type { AdminUploadRow } from '../stores/admin/uploads';
import { presentPlan } from './plan';
import { presentToken } from './token';

/** An account as administrators see it; `storageLimit` is the plan's limit plus the referral bonus. */
export function presentAdminUser(user: UserRow, planLimit: number) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    lastname: user.lastname,
    role: user.role,
    status: user.status,
    planCode: user.plan_code,
    storageUsed: Number(user.storage_used),
    storageLimit: Number(planLimit) + Number(user.bonus_bytes),
    bonusBytes: Number(user.bonus_bytes),
    createdAt: user.created_at,
    lastActiveAt: user.last_active_at,
    twoFactorEnabled: user.two_factor_enabled_at !== null,
  };
}

export function presentAdminFile(upload: AdminUploadRow) {
  return {
    uploadId: upload.id,
    name: upload.name,
    cid: upload.cid,
    size: Number(upload.size),
    type: upload.type,
    category: upload.category,
    source: upload.source,
    createdAt: upload.created_at,
    userId: upload.user_id,
    userEmail: upload.user_email,
  };
}

export function presentLog(log: LogRow) {
  return {
    id: log.id,
    type: log.type,
    action: log.action,
    userId: log.user_id,
    userEmail: log.user_email,
    ip: log.ip,
    message: log.details,
    createdAt: log.created_at,
  };
}

export function presentAdminToken(token: AdminTokenRow, now?: string) {
  const { id, name, prefix, expiresAt, createdAt, lastUsedAt, lastUsedIp, revokedAt, status, scopes, groupId, groupName } = presentToken(
    token,
    now,
  );
  return {
    id,
    name,
    prefix,
    userId: token.user_id,
    userEmail: token.user_email,
    createdAt,
    expiresAt,
    lastUsedAt,
    lastUsedIp,
    revokedAt,
    allowedIps: token.allowed_ip ? [token.allowed_ip] : [],
    status,
    scopes,
    groupId,
    groupName,
  };
}

/** A plan in English, with how many accounts hold it and its texts in the other languages it has. */
export const presentAdminPlan = (plan: PlanRow, usersCount: number, translations: PlanTranslationRow[]) => ({
  ...presentPlan(plan),
  usersCount,
  translations: Object.fromEntries(
    translations
      .filter((row) => row.plan_code === plan.code)
      .map((row) => [row.language, { name: row.name, description: row.description }]),
  ),
});

/** A referred account; active means enabled and seen since `activeSince`. */
export function presentAdminReferral(row: AdminReferralRow, activeSince: string) {
  return {
    referrerId: row.referrer_id,
    referrerEmail: row.referrer_email,
    referredId: row.referred_id,
    referredEmail: row.referred_email,
    joinedAt: row.joined_at,
    lastActivityAt: row.referred_last_active_at,
    earnedMb: bytesToMb(row.earned_bytes),
    hasPaidPlan: Number(row.referred_price_cents ?? 0) > 0,
    active: row.referred_status === 'active' && row.referred_last_active_at !== null && row.referred_last_active_at >= activeSince,
  };
}

export function presentReward(row: AdminRewardRow) {
  return {
    id: row.id,
    userId: row.user_id,
    userEmail: row.user_email,
    bytes: Number(row.bytes),
    reason: row.reason,
    sourceUserId: row.source_user_id,
    sourceEmail: row.source_email,
    createdAt: row.created_at,
  };
}

import { REFERRAL_SIGNUP_BONUS_BYTES, type SignupInput } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict } from '../../lib/errors';
import { newId, randomCode } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import { auditRecorder } from '../audit/audit-recorder';
import { assertKnownCountry } from '../../lib/countries';
import { rateLimitHit } from './lib/rate-limit';
import { grantSignupBonuses } from '../referrals/lib/referral-rewards';

export interface CreateUserOptions {
  role?: UserRow['role'];
  ip?: string | null;
}

async function uniqueReferralCode(app: AppContext): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = randomCode(8);
    if (!(await app.stores.users.findByReferralCode(code))) return code;
  }
  throw new Error('could not allocate a referral code');
}

/**
 * Signs a new user up: unique email, hashed password, own referral code, optional referrer. With a
 * referrer, both get their sign-up bonus in the same transaction as the account.
 */
export async function userCreator(app: AppContext, input: SignupInput, options: CreateUserOptions = {}): Promise<UserRow> {
  if (options.ip) {
    const { perIp, windowSeconds } = app.config.signupLimits;
    await rateLimitHit(app, 'signup:ip', options.ip, perIp, windowSeconds);
  }
  assertKnownCountry(input.country);
  const email = input.email.toLowerCase();
  if (await app.stores.users.findByEmail(email)) throw conflict('email_taken', 'An account with this email already exists');

  let referredBy: string | null = null;
  if (input.referralCode) {
    const referrer = await app.stores.users.findByReferralCode(input.referralCode);
    // A disabled account's code earns nothing any more.
    if (!referrer || referrer.status !== 'active') throw badRequest('invalid_referral_code', 'Referral code not found');
    referredBy = referrer.id;
  }

  const plan = await app.stores.plans.defaultPlan();
  const now = nowIso();
  const user: UserRow = {
    id: newId(),
    email,
    password_hash: await app.passwords.hash(input.password),
    name: input.name,
    lastname: input.lastname,
    country: input.country,
    birth_date: input.birthDate,
    language: input.language,
    role: options.role ?? 'user',
    status: 'active',
    referral_code: await uniqueReferralCode(app),
    referred_by: referredBy,
    created_at: now,
    updated_at: now,
    last_active_at: null,
    plan_code: plan.code,
    storage_used: 0,
    storage_reserved: 0,
    bonus_bytes: 0,
    uploads_count: 0,
    uploads_version: 0,
    two_factor_enabled_at: null,
  };
  try {
    await app.db.transaction().execute(async (trx) => {
      await app.stores.users.insert(user, trx);
      if (referredBy) await grantSignupBonuses(app, trx, user.id, referredBy);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('email_taken', 'An account with this email already exists');
    throw error;
  }
  if (referredBy) user.bonus_bytes = REFERRAL_SIGNUP_BONUS_BYTES;
  await auditRecorder(app, {
    action: 'signup',
    user,
    ip: options.ip,
    details: referredBy ? { referralCode: input.referralCode } : undefined,
  });
  return user;
}

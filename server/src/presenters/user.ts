import type { UserRow } from '../db/schema';

export function presentUser(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    lastname: user.lastname,
    country: user.country,
    birthDate: user.birth_date,
    language: user.language,
    role: user.role,
    status: user.status,
    referralCode: user.referral_code,
    createdAt: user.created_at,
  };
}

export const presentPreferences = (user: UserRow) => ({ language: user.language, country: user.country });

import type { AppContext } from '../../../context';
import type { UserRow } from '../../../db/schema';
import { hashChallenge, newChallengeSecret } from '../../../auth/two-factor';
import { addSeconds } from '../../../lib/time';

/** How long a password's challenge waits for its code. */
export const CHALLENGE_TTL_SECONDS = 300;

/** After a correct password: a single-use challenge, good for five minutes, that a code turns into a session. */
export async function challengeIssuer(app: AppContext, user: UserRow) {
  const now = new Date();
  const challenge = newChallengeSecret();
  const expiresAt = addSeconds(now, CHALLENGE_TTL_SECONDS).toISOString();
  await app.stores.twoFactor.insertChallenge(hashChallenge(challenge), user.id, expiresAt, now.toISOString());
  return { twoFactorRequired: true as const, challenge, expiresAt };
}

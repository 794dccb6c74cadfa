import type { TwoFactorLoginInput } from '@cairn/shared';
import type { AppContext } from '../../../context';
import { hashChallenge } from '../../../auth/two-factor';
import { forbidden, unauthorized } from '../../../lib/errors';
import { nowIso } from '../../../lib/time';
import { sessionOpener } from '../lib/session-opener';
import { throttledCodeCheck } from './throttled-code-check';

const challengeInvalid = () => unauthorized('invalid_challenge', 'This sign-in has expired, sign in again');

/** The second step of a login: a live challenge and a right code open the session; the challenge is spent. */
export async function twoFactorSessionCreator(app: AppContext, input: TwoFactorLoginInput, ip: string) {
  const id = hashChallenge(input.challenge);
  const challenge = await app.stores.twoFactor.findLiveChallenge(id, nowIso());
  if (!challenge) throw challengeInvalid();
  const user = await app.stores.users.findById(challenge.user_id);
  if (!user || !user.two_factor_enabled_at) throw challengeInvalid();
  if (user.status !== 'active') throw forbidden('account_disabled', 'Account disabled, contact the administrator');
  const method = await throttledCodeCheck(app, user, input.code, ip, { status: 401, action: 'login' });
  // Two requests with two right codes for one challenge: one session, not two.
  if (!(await app.stores.twoFactor.useChallenge(id, nowIso()))) throw challengeInvalid();
  return sessionOpener(app, user, ip, { secondFactor: method });
}

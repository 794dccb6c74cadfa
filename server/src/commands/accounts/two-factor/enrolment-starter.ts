import type { AppContext } from '../../../context';
import type { UserRow } from '../../../db/schema';
import type { Authentication } from '../../../auth/authenticate';
import { enrolmentOf, newTotpSecret, sealSecret } from '../../../auth/two-factor';
import { conflict } from '../../../lib/errors';
import { nowIso } from '../../../lib/time';
import { requireSession } from './session-only';

/**
 * Starts enrolment: a new secret, shown this once (as text, URI and QR code); two-factor is not on
 * until a code from it is confirmed. Starting again replaces an unconfirmed secret.
 */
export async function enrolmentStarter(app: AppContext, user: UserRow, how: Authentication) {
  requireSession(how);
  if (user.two_factor_enabled_at) throw conflict('two_factor_already_enabled', 'Two-factor sign-in is already on');
  const secret = newTotpSecret();
  await app.stores.twoFactor.putSecret(user.id, await sealSecret(app, secret), nowIso());
  return enrolmentOf(secret, user.email);
}

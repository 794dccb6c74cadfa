import type { Authentication } from '../../../auth/authenticate';
import { forbidden } from '../../../lib/errors';

/**
 * Two-factor is managed from a signed-in session only: an API token in a script must not be able
 * to enrol an authenticator its owner does not hold and so lock the owner out.
 */
export function requireSession(how: Authentication): void {
  if (how.kind !== 'session') throw forbidden('session_required', 'Sign in with your password to change two-factor sign-in');
}

import crypto from 'node:crypto';
import { DEFAULT_COUNTRY } from '@cairn/shared';
import type { AppContext } from '../../context';
import { nowIso } from '../../lib/time';
import { userCreator } from '../accounts/user-creator';

export interface BootstrapResult {
  email: string;
  /** Present only when Cairn generated it: shown once, never stored in clear. */
  generatedPassword?: string;
  created: boolean;
}

/**
 * Makes sure an admin exists. ADMIN_EMAIL/ADMIN_PASSWORD create (or promote) that account;
 * otherwise the very first start creates admin@cairn.local with a random password to print once.
 */
export async function adminBootstrapper(app: AppContext): Promise<BootstrapResult | null> {
  const configured = app.config.admin;
  if (configured) {
    const existing = await app.stores.users.findByEmail(configured.email);
    if (existing) {
      if (existing.role !== 'admin') await app.stores.users.update(existing.id, { role: 'admin', updated_at: nowIso() });
      return { email: existing.email, created: false };
    }
    await createAdmin(app, configured.email, configured.password);
    return { email: configured.email, created: true };
  }
  if ((await app.stores.users.countAdmins()) > 0) return null;
  const email = 'admin@cairn.local';
  const password = crypto.randomBytes(12).toString('base64url');
  await createAdmin(app, email, password);
  return { email, generatedPassword: password, created: true };
}

async function createAdmin(app: AppContext, email: string, password: string) {
  await userCreator(
    app,
    { name: 'Admin', lastname: 'Cairn', country: DEFAULT_COUNTRY, birthDate: '01/01/1970', language: 'en', email, password },
    { role: 'admin' },
  );
}

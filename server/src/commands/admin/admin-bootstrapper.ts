import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_COUNTRY } from '@cairn/shared';
import type { AppContext } from '../../context';
import { PRIVATE_FILE_MODE } from '../../lib/private-files';
import { nowIso } from '../../lib/time';
import { userCreator } from '../accounts/user-creator';

/** Where the first start keeps the password it generated, in the data directory. */
export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

export interface BootstrapResult {
  email: string;
  /**
   * Present only when Cairn generated it: kept in `passwordFile` (0600, in the data directory),
   * never in a log line; shown on the terminal that started the server, if any.
   */
  generatedPassword?: string;
  passwordFile?: string;
  created: boolean;
}

/**
 * Makes sure an admin exists. ADMIN_EMAIL/ADMIN_PASSWORD create (or promote) that account;
 * otherwise the very first start creates admin@cairn.local with a random password, written to
 * `<data>/initial-admin-password` before the account exists: a crash in between loses no login.
 */
export async function adminBootstrapper(app: AppContext): Promise<BootstrapResult | null> {
  const configured = app.config.admin;
  if (configured) {
    const existing = await app.stores.users.findByEmail(configured.email);
    if (existing) {
      if (existing.role !== 'admin') await app.stores.users.update(existing.id, { role: 'admin', updated_at: nowIso() });
      return { email: existing.email, created: false };
    }
    return { email: configured.email, created: await createAdmin(app, configured.email, configured.password) };
  }
  if ((await app.stores.users.countAdmins()) > 0) return null;
  const email = 'admin@cairn.local';
  const password = crypto.randomBytes(12).toString('base64url');
  const passwordFile = keepPassword(app.config.dataDir, password);
  if (!(await createAdmin(app, email, password))) {
    // Another instance on the same database made it first: its password is the one that works.
    fs.rmSync(passwordFile, { force: true });
    return null;
  }
  return { email, generatedPassword: password, passwordFile, created: true };
}

/** Writes the password whole or not at all, readable by the server's user only. */
function keepPassword(dataDir: string, password: string): string {
  const file = path.join(dataDir, INITIAL_PASSWORD_FILE);
  const pending = `${file}.pending`;
  fs.rmSync(pending, { force: true });
  const fd = fs.openSync(pending, 'wx', PRIVATE_FILE_MODE);
  try {
    fs.writeSync(fd, `${password}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(pending, file);
  return file;
}

/**
 * Creates the admin account; false when another instance starting on the same database at the same
 * moment created it first (as an admin: whatever made it, the account is then there and an admin).
 */
async function createAdmin(app: AppContext, email: string, password: string): Promise<boolean> {
  try {
    await userCreator(
      app,
      { name: 'Admin', lastname: 'Cairn', country: DEFAULT_COUNTRY, birthDate: '01/01/1970', language: 'en', email, password },
      { role: 'admin' },
    );
    return true;
  } catch (error) {
    const existing = await app.stores.users.findByEmail(email);
    if (!existing) throw error;
    if (existing.role !== 'admin') await app.stores.users.update(existing.id, { role: 'admin', updated_at: nowIso() });
    return false;
  }
}

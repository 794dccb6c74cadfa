import type { NameCreateInput } from '@cairn/shared';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { isUuid, newId } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import { newNameKey, openNameKey } from '../../names/keys';
import type { IpnsKeyWithRecord } from '../../stores/ipns-store';

/** How many names an account may hold. */
export const NAMES_MAX = 100;

export const nameNotFound = () => notFound('name_not_found', 'Name not found');

/** One of the account's names, or 404 (another account's is not told apart from none). */
export async function nameReader(app: AppContext, userId: string, id: string): Promise<IpnsKeyWithRecord> {
  const row = isUuid(id) ? await app.stores.ipns.findKey(userId, id) : undefined;
  if (!row) throw nameNotFound();
  return row;
}

export const nameLister = (app: AppContext, userId: string) => app.stores.ipns.listKeys(userId);

/** A new key and the name it makes; nothing points anywhere until it is published. */
export async function nameCreator(app: AppContext, userId: string, input: NameCreateInput): Promise<IpnsKeyWithRecord> {
  const { name, privateKeyCiphertext } = await newNameKey(app);
  const now = nowIso();
  const id = newId();
  const created = await app.stores.ipns.insertKeyWithin(
    {
      id,
      user_id: userId,
      label: input.label,
      name,
      private_key_ciphertext: privateKeyCiphertext,
      ttl_seconds: 60,
      validity_hours: 48,
      created_at: now,
      updated_at: now,
    },
    NAMES_MAX,
  );
  if (!created) throw conflict('name_limit_reached', `An account has at most ${NAMES_MAX} names`);
  return nameReader(app, userId, id);
}

export async function nameRelabeller(app: AppContext, userId: string, id: string, label: string): Promise<IpnsKeyWithRecord> {
  if (!isUuid(id) || !(await app.stores.ipns.relabel(userId, id, label, nowIso()))) throw nameNotFound();
  return nameReader(app, userId, id);
}

export async function nameRemover(app: AppContext, userId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await app.stores.ipns.deleteKey(userId, id))) throw nameNotFound();
}

/** The name's private key as `ipfs key import --format=libp2p-protobuf-cleartext` reads it, base64. */
export async function nameKeyExporter(app: AppContext, userId: string, id: string) {
  const row = await nameReader(app, userId, id);
  return { name: row.name, format: 'libp2p-protobuf-cleartext' as const, privateKey: await openNameKey(app, row.private_key_ciphertext) };
}

/** A name's publications, newest first. */
export async function nameHistoryReader(app: AppContext, userId: string, id: string, limit: number) {
  const key = await nameReader(app, userId, id);
  return app.stores.ipns.history(key.id, limit);
}

import type { NamePublishInput, NameRollbackInput } from '@cairn/shared';
import { CID } from 'multiformats/cid';
import type { AppContext } from '../../context';
import type { IpnsPublicationRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import { announceSoon } from '../../names/announce';
import { privateKeyOf } from '../../names/keys';
import { signRecord, type SignedRecord } from '../../names/record';
import type { IpnsKeyWithRecord, RecordWrite } from '../../stores/ipns-store';
import { nameReader } from './names';

type Source = IpnsPublicationRow['source'];

/** `value` as a content path (`/ipfs/{cid}[/{path}]`) and its root CID, or 400. */
export function contentPathOf(value: string): { path: string; cid: CID } {
  const match = /^(?:\/ipfs\/)?([^/?#]+)((?:\/[^/?#]*)*)$/.exec(value.trim());
  let cid: CID | null = null;
  try {
    cid = match ? CID.parse(match[1]!) : null;
  } catch {
    cid = null;
  }
  if (!match || !cid) throw badRequest('validation_error', 'value must be a CID or /ipfs/{cid}[/{path}]');
  const rest = match[2]!.replace(/\/+$/, '');
  return { path: `/ipfs/${cid.toString()}${rest}`, cid };
}

/** Every spelling a record may have stored this CID under (v0 and v1 of one dag-pb sha2-256 CID). */
function spellings(cid: CID): string[] {
  const all = new Set([cid.toString(), cid.toV1().toString()]);
  if (cid.code === 0x70 && cid.multihash.code === 0x12) all.add(cid.toV0().toString());
  return [...all];
}

async function checkHeld(app: AppContext, userId: string, cid: CID): Promise<void> {
  if (!(await app.stores.uploads.holdsCid(userId, spellings(cid)))) {
    throw badRequest('name_value_not_held', `${cid.toString()} is not one of your files`);
  }
}

export const recordWrite = (name: string, signed: SignedRecord, keyId: string | null, now: string): RecordWrite => ({
  name,
  record: Buffer.from(signed.bytes).toString('base64'),
  value: signed.value,
  sequence: signed.sequence.toString(),
  ttl_seconds: signed.ttlSeconds,
  valid_until: signed.validUntil,
  key_id: keyId,
  updated_at: now,
});

export const publicationOf = (keyId: string, signed: SignedRecord, source: Source, now: string): IpnsPublicationRow => ({
  id: newId(),
  key_id: keyId,
  sequence: signed.sequence.toString(),
  value: signed.value,
  ttl_seconds: signed.ttlSeconds,
  valid_until: signed.validUntil,
  source,
  published_at: now,
});

/**
 * Signs and stores the next record of an account's name: the sequence after the one held, under
 * the write lock of the name, so two publications at once are both kept, one after the other.
 */
export async function signNext(
  app: AppContext,
  key: Pick<IpnsKeyWithRecord, 'id' | 'name' | 'private_key_ciphertext'>,
  value: string,
  ttlSeconds: number,
  validityHours: number,
  source: Source | null,
): Promise<SignedRecord> {
  const privateKey = await privateKeyOf(app, key.private_key_ciphertext);
  return app.stores.ipns.writeRecord(key.name, async (held) => {
    const sequence = held ? BigInt(held.sequence) + 1n : 0n;
    const signed = await signRecord(privateKey, value, sequence, ttlSeconds, validityHours);
    const now = nowIso();
    return {
      record: recordWrite(key.name, signed, key.id, now),
      publication: source ? publicationOf(key.id, signed, source, now) : undefined,
      result: signed,
    };
  });
}

async function publishAs(
  app: AppContext,
  userId: string,
  id: string,
  value: string,
  ttlSeconds: number,
  validityHours: number,
  source: Source,
): Promise<IpnsKeyWithRecord> {
  const key = await nameReader(app, userId, id);
  const { path, cid } = contentPathOf(value);
  await checkHeld(app, userId, cid);
  await app.stores.ipns.keepTiming(key.id, ttlSeconds, validityHours);
  await signNext(app, key, path, ttlSeconds, validityHours, source);
  announceSoon(app);
  return nameReader(app, userId, id);
}

/** `POST /names/{id}/publish`. */
export const namePublisher = (app: AppContext, userId: string, id: string, input: NamePublishInput) =>
  publishAs(app, userId, id, input.value, input.ttlSeconds, input.validityHours, 'publish');

/** `POST /names/{id}/rollback`: an earlier publication's value, under the next sequence number. */
export async function nameRollbacker(app: AppContext, userId: string, id: string, input: NameRollbackInput): Promise<IpnsKeyWithRecord> {
  const key = await nameReader(app, userId, id);
  const earlier = await app.stores.ipns.findPublication(key.id, String(input.sequence));
  if (!earlier) throw notFound('publication_not_found', `This name has no publication ${input.sequence}`);
  return publishAs(app, userId, id, earlier.value, input.ttlSeconds, key.validity_hours, 'rollback');
}

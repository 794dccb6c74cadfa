import type { Authentication } from '../../auth/authenticate';
import { keptGroup, limitedGroup } from '../../auth/scopes';
import { queuedPinJob } from '../../stores/pin-job-store';
import type { AppContext } from '../../context';
import type { PinJobRow, UserRow } from '../../db/schema';
import { crashPoint } from '../../lib/crash-point';
import { isUniqueViolation, retryOnDeadlock } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { PsaPinView } from '../../stores/psa-pin-store';
import { pinnableCid } from '../../content/cid';
import { afterWithdrawal, pinNotFound } from './psa-pin-remover';
import { psaPinWithdrawer, type Withdrawal } from './psa-pin-withdrawer';
import { storageLimit } from '../quota/lib/storage-limit';
import { refuseHeldOutsideGroup } from '../content/held-upload-reader';
import { checkRecordExtras, type RecordExtras } from '../content/record-meta';
import { pinEvent } from '../../webhooks/events';

/** A Pin object of the Pinning Service API, validated. */
export interface PsaPinInput {
  cid: string;
  name?: string;
  origins?: string[];
  meta?: Record<string, string>;
}

/** The spec's answer when the account cannot pay for more: 409 with reason INSUFFICIENT_FUNDS. */
const insufficientFunds = () => new AppError(409, 'insufficient_funds', 'Storage quota exceeded: delete files or upgrade your plan');

/** PSA `meta` keys that speak to Cairn rather than to the pin: `cairn:group` and `cairn:<key>`. */
const CAIRN_PREFIX = 'cairn:';

/**
 * What a pin's `meta` asks of its record in My files: `cairn:group` names a group of the account,
 * and each other `cairn:<key>` sets the record's key-value `<key>`. The rest is the pin's own.
 */
export function psaRecordExtras(meta: Record<string, string> | undefined): RecordExtras {
  const extras: RecordExtras = {};
  for (const [key, value] of Object.entries(meta ?? {})) {
    if (!key.startsWith(CAIRN_PREFIX)) continue;
    const name = key.slice(CAIRN_PREFIX.length);
    if (name === 'group') extras.groupId = value;
    else (extras.meta ??= {})[name] = value;
  }
  return extras;
}

/** Tries of a fresh `created` when two requests of one account fall on the same millisecond. */
const CREATED_TRIES = 20;

/**
 * Queues a Pinning Service API pin: a pin job of its own (the same job any pin by CID runs, so the
 * content is fetched, recorded in My files and charged to the quota like any other) and the
 * request row that reports on it, written together.
 *
 * `replaces` names a request of the account that this one replaces (`POST /psa/pins/{requestid}`):
 * it is withdrawn in the same transaction, so it is gone at once and, of many replacements racing,
 * exactly one wins (the others are 404). Its content and record stay until the new request's job
 * is over (see `psaPinWithdrawer`). The jobs it queues keep `queuedBy`, the id of the HTTP request.
 * Through a credential limited to a group (`auth`), the record goes into that group, and a
 * `cairn:group` naming another one is refused.
 */
export async function psaPinCreator(
  app: AppContext,
  user: UserRow,
  input: PsaPinInput,
  replaces: string | null = null,
  queuedBy: string | null = null,
  auth: Authentication | null = null,
): Promise<PsaPinView> {
  const cid = pinnableCid(input.cid).toString();
  const limit = await storageLimit(app, user);
  const used = Number(user.storage_used) + Number(user.storage_reserved);
  // The size of what will be fetched is known only once it is fetched; a full account is refused now.
  if (!replaces && used >= limit) throw insufficientFunds();

  const extras = psaRecordExtras(input.meta);
  if (auth) extras.groupId = keptGroup(auth, extras.groupId, 'psa');
  // A credential limited to a group never pulls a record from the rest of the account into it.
  const only = auth ? limitedGroup(auth) : null;
  if (only !== null) await refuseHeldOutsideGroup(app, user.id, cid, only);
  await checkRecordExtras(app, user, extras);

  const requestid = newId();
  let created = Date.now();
  let withdrawal: Withdrawal | null = null;
  for (let attempt = 0; ; attempt++, created++) {
    const at = new Date(created).toISOString();
    const job: PinJobRow = queuedPinJob(
      {
        user_id: user.id,
        cid,
        original_name: input.name ?? null,
        custom_name: null,
        origins: input.origins?.length ? JSON.stringify(input.origins) : null,
        kind: 'psa',
        request_id: queuedBy,
        group_id: extras.groupId ?? null,
        record_meta: extras.meta ? JSON.stringify(extras.meta) : null,
      },
      at,
    );
    try {
      // A replacement takes the old request, then its record; a delete in My files takes them the
      // other way round: on PostgreSQL one of the two can be undone as a deadlock, and runs again.
      withdrawal = await retryOnDeadlock(() =>
        app.db.transaction().execute(async (trx) => {
          let replaced: Withdrawal | null = null;
          if (replaces) {
            const old = await app.stores.psaPins.take(trx, user.id, replaces);
            if (!old) throw pinNotFound();
            replaced = await psaPinWithdrawer(app, trx, user, old, job.id, queuedBy);
          }
          await app.stores.pinJobs.insert(job, trx);
          // The bytes the records held for the new request give back once it is recorded count: a
          // full account can replace a pin.
          if (replaces && used - (await app.stores.contentJobs.heldBytes(trx, job.id)) >= limit) throw insufficientFunds();
          await app.stores.psaPins.insert(
            trx,
            {
              requestid,
              user_id: user.id,
              job_id: job.id,
              cid,
              name: input.name ?? null,
              name_folded: input.name?.toLowerCase() ?? null,
              created_at: at,
              status: job.status,
            },
            input.meta ?? {},
          );
          await pinEvent(app, trx, job);
          return replaced;
        }),
      );
      break;
    } catch (error) {
      // `created` is unique per account (clients page by it): take the next millisecond.
      if (!isUniqueViolation(error) || attempt >= CREATED_TRIES) throw error;
    }
  }
  if (withdrawal) crashPoint('psa-replaced');
  app.jobs.kick('pin');
  if (withdrawal) await afterWithdrawal(app, user, withdrawal, '');
  const view = await app.stores.psaPins.find(user.id, requestid);
  if (!view) throw new AppError(503, 'pin_removed', 'The pin was removed while it was being created; try again');
  return view;
}

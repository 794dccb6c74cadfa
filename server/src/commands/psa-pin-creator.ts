import { queuedPinJob } from '../stores/pin-job-store';
import type { AppContext } from '../context';
import type { PinJobRow, UserRow } from '../db/schema';
import { isUniqueViolation } from '../lib/db-errors';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { PsaPinView } from '../stores/psa-pin-store';
import { parseCid } from './pin-requester';
import { storageLimit } from './quota-reservation';

/** A Pin object of the Pinning Service API, validated. */
export interface PsaPinInput {
  cid: string;
  name?: string;
  origins?: string[];
  meta?: Record<string, string>;
}

/** The spec's answer when the account cannot pay for more: 409 with reason INSUFFICIENT_FUNDS. */
export const insufficientFunds = () => new AppError(409, 'insufficient_funds', 'Storage quota exceeded: delete files or upgrade your plan');

/** Tries of a fresh `created` when two requests of one account fall on the same millisecond. */
const CREATED_TRIES = 20;

/**
 * Queues a Pinning Service API pin: a pin job of its own (the same job any pin by CID runs, so the
 * content is fetched, recorded in My files and charged to the quota like any other) and the
 * request row that reports on it, written together. `replaces` names a request of the account
 * that is removed once this one is pinned.
 */
export async function psaPinCreator(
  app: AppContext,
  user: UserRow,
  input: PsaPinInput,
  replaces: string | null = null,
): Promise<PsaPinView> {
  const cid = parseCid(input.cid);
  // The size of what will be fetched is known only once it is fetched; a full account is refused now.
  if (Number(user.storage_used) + Number(user.storage_reserved) >= (await storageLimit(app, user))) throw insufficientFunds();

  const requestid = newId();
  let created = Date.now();
  for (let attempt = 0; ; attempt++, created++) {
    const at = new Date(created).toISOString();
    const job: PinJobRow = queuedPinJob(
      {
        user_id: user.id,
        cid,
        original_name: input.name ?? null,
        custom_name: null,
        origins: input.origins?.length ? JSON.stringify(input.origins) : null,
      },
      at,
    );
    try {
      await app.db.transaction().execute(async (trx) => {
        await app.stores.pinJobs.insert(job, trx);
        await app.stores.psaPins.insert(
          trx,
          {
            requestid,
            user_id: user.id,
            job_id: job.id,
            cid,
            name: input.name ?? null,
            name_folded: input.name?.toLowerCase() ?? null,
            replaces,
            created_at: at,
          },
          input.meta ?? {},
        );
      });
      break;
    } catch (error) {
      // `created` is unique per account (clients page by it): take the next millisecond.
      if (!isUniqueViolation(error) || attempt >= CREATED_TRIES) throw error;
    }
  }
  app.pinRunner.kick();
  const view = await app.stores.psaPins.find(user.id, requestid);
  if (!view) throw new AppError(503, 'pin_removed', 'The pin was removed while it was being created; try again');
  return view;
}

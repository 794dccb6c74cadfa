import type { PinInput } from '@cairn/shared';
import { queuedPinJob } from '../../stores/pin-job-store';
import { pinnableCid } from '../../content/cid';
import type { AppContext } from '../../context';
import type { PinJobRow, UploadRow, UserRow } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { refuseHeldOutsideGroup } from '../content/held-upload-reader';
import { checkRecordExtras } from '../content/record-meta';
import { nowIso } from '../../lib/time';
import { pinEvent } from '../../webhooks/events';

/** How long a request waits for a pin that may finish at once (local content) before answering 202. */
const INLINE_WAIT_MS = 2_000;

/**
 * Queues a pin-by-CID job for the account. Local content completes within the request; anything
 * that must be fetched keeps running as a job that `GET /pins/{id}` reports on. Content the account
 * holds only through its remote pins (Pinning Service API) is pinned again this way: the record
 * becomes the account's own, and stays when those pins go. A new job keeps `queuedBy`, the id of
 * the HTTP request, which its runner logs.
 */
export async function pinRequester(
  app: AppContext,
  user: UserRow,
  input: PinInput,
  queuedBy: string | null = null,
  onlyGroupId: string | null = null,
): Promise<{ job: PinJobRow; upload: UploadRow | null }> {
  const cid = pinnableCid(input.cid).toString();
  // A credential limited to a group never pulls a record from the rest of the account into it.
  if (onlyGroupId !== null) await refuseHeldOutsideGroup(app, user.id, cid, onlyGroupId);
  if ((await app.stores.uploads.findByCidForUser(user.id, cid))?.owned) {
    throw conflict('already_pinned', 'This content is already pinned to your account');
  }
  await checkRecordExtras(app, user, { groupId: input.groupId, meta: input.meta });
  if (input.customName && (await app.stores.uploads.nameTaken(user.id, input.customName))) {
    throw conflict('name_taken', 'A file with this name already exists');
  }
  const active = await app.stores.pinJobs.activeForUser(user.id, cid);
  const now = nowIso();
  const job: PinJobRow =
    active ??
    queuedPinJob(
      {
        user_id: user.id,
        cid,
        original_name: input.originalName ?? null,
        custom_name: input.customName ?? null,
        origins: null,
        kind: 'pin',
        request_id: queuedBy,
        private: input.private ? 1 : 0,
        group_id: input.groupId ?? null,
        record_meta: input.meta && Object.keys(input.meta).length > 0 ? JSON.stringify(input.meta) : null,
      },
      now,
    );
  if (!active) {
    await app.db.transaction().execute(async (trx) => {
      await app.stores.pinJobs.insert(job, trx);
      await pinEvent(app, trx, job);
    });
  }
  // Woken by this instance's runner when the job ends; a job another instance runs is read once,
  // when the wait is over, whatever its state then.
  const settled = app.jobs.settled(job.id, INLINE_WAIT_MS);
  app.jobs.kick('pin');
  await settled;
  const current = (await app.stores.pinJobs.findForUser(user.id, job.id)) ?? job;
  const upload = current.upload_id ? ((await app.stores.uploads.findForUser(user.id, current.upload_id)) ?? null) : null;
  return { job: current, upload };
}

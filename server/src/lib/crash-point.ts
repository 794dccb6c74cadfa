/**
 * Test hook for the crash tests: when `CAIRN_TEST_CRASH_AT` names a point, the process kills
 * itself with SIGKILL on reaching it, exactly as a crash there would. Off unless that variable is
 * set, and never under NODE_ENV=production. Points:
 * - `delete-committed`: a record is deleted and its release queued, nothing unpinned yet;
 * - `upload-claimed`: inside an upload's `beforePin`, its claim on the CID written, the content
 *   imported and not pinned yet (on the embedded engine: its pack written, not indexed);
 * - `upload-imported`: on the kubo engine, a file imported and pinned under its upload's pin name,
 *   not claimed yet;
 * - `upload-pinned`: an upload's content is pinned and claimed, its record not written yet;
 * - `pin-job-pinned`: a pin job's content is pinned, its record not written yet;
 * - `psa-replaced`: a Pinning Service API replacement committed (the old request gone, its record
 *   deleted, its content held for the new request's job, which is queued), nothing run yet;
 * - `psa-removed`: a Pinning Service API removal committed (its release queued), nothing unpinned yet.
 */
const armed = process.env.NODE_ENV === 'production' ? undefined : process.env.CAIRN_TEST_CRASH_AT;

export function crashPoint(
  name: 'delete-committed' | 'upload-claimed' | 'upload-imported' | 'upload-pinned' | 'pin-job-pinned' | 'psa-replaced' | 'psa-removed',
): void {
  if (armed === name) process.kill(process.pid, 'SIGKILL');
}

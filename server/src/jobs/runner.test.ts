import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, type ManualClock } from '../../test/clock';
import { eventually } from '../../test/eventually';
import { DRIVERS } from '../../test/harness';
import { migratedTestDb } from '../../test/pg';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type { JobKind } from '../db/schema';
import { newId } from '../lib/ids';
import { createStores } from '../stores/index';
import { isoAt } from './clock';
import { startJobRunner, type JobRunner, type Task } from './runner';

const LEASE_MS = 30_000;
const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** Just what the runner reads of the server: its stores, the time, the lease length, a logger. */
function appFor(db: Db, clock: ManualClock, instanceId = newId()): AppContext {
  return { db, stores: createStores(db), clock, config: { leaseMs: LEASE_MS }, logger: quiet, instanceId } as unknown as AppContext;
}

/** A task whose runs wait until the test lets them end, so that the test sees what runs at once. */
function gatedTask(kind: JobKind, options: Partial<Task> = {}) {
  const running = new Map<string, () => void>();
  const task: Task = {
    kind,
    ...options,
    run: (_app, { job, signal }) =>
      new Promise<void>((resolve) => {
        running.set(job.id, resolve);
        signal.addEventListener('abort', () => resolve(), { once: true });
      }).finally(() => running.delete(job.id)),
  };
  return { task, running };
}

describe.each(DRIVERS)('the job runner (%s)', (driver) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    ({ db, close: cleanup } = await migratedTestDb(driver));
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await db.deleteFrom('jobs').execute();
  });
  afterAll(() => cleanup());

  const start = async (app: AppContext, tasks: Task[]) => {
    const runner = await startJobRunner(app, tasks);
    runners.push(runner);
    return runner;
  };
  const queue = (app: AppContext, kind: JobKind, fields: { account_id?: string; id?: string } = {}) => {
    const now = isoAt(app.clock.now());
    const id = fields.id ?? newId();
    return app.stores.jobs
      .insert(db, {
        id,
        kind,
        account_id: fields.account_id ?? null,
        status: 'pending',
        attempts: 0,
        run_after: now,
        created_at: now,
        updated_at: now,
      })
      .then(() => id);
  };
  const row = (id: string) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

  it('retries a failing job with growing waits on its clock, then leaves it failed and never runs it again', async () => {
    const clock = manualClock();
    const app = appFor(db, clock);
    let runs = 0;
    const runner = await start(app, [
      {
        kind: 'release',
        maxAttempts: 3,
        run: async () => {
          runs++;
          throw new Error('engine unreachable');
        },
      },
    ]);
    const id = await queue(app, 'release');
    runner.kick('release');
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 2; attempt++) {
      await eventually(
        `attempt ${attempt} failed`,
        async () => (await row(id))?.attempts === attempt && (await row(id))?.status === 'pending',
      );
      const job = (await row(id))!;
      expect(job.last_error).toBe('Error: engine unreachable');
      waits.push(Date.parse(job.run_after) - clock.now());
      // Not due yet: nothing runs until the clock gets there.
      runner.kick('release');
      expect(runs).toBe(attempt);
      clock.advance(Date.parse(job.run_after) - clock.now());
      runner.kick('release');
    }
    await eventually('the last attempt failed', async () => (await row(id))?.status === 'failed');
    expect(runs).toBe(3);
    // 2 s then 4 s, each within its jitter.
    expect(waits[0]).toBeGreaterThanOrEqual(1_600);
    expect(waits[0]).toBeLessThanOrEqual(2_400);
    expect(waits[1]).toBeGreaterThanOrEqual(3_200);
    expect(waits[1]).toBeLessThanOrEqual(4_800);
    clock.advance(24 * 3600_000);
    expect(await runner.runDue(['release'])).toEqual({ done: 0, retrying: 0, failed: 0 });
    expect(runs).toBe(3);
  });

  it('runs one job of an account at a time over every instance, so that another account is not kept waiting', async () => {
    const clock = manualClock();
    const [a, b] = [appFor(db, clock), appFor(db, clock)];
    const gates = [gatedTask('pin', { slots: 2, onePerAccount: true }), gatedTask('pin', { slots: 2, onePerAccount: true })];
    const busy = await queue(a, 'pin', { account_id: 'busy' });
    await queue(a, 'pin', { account_id: 'busy' });
    await queue(a, 'pin', { account_id: 'busy' });
    const other = await queue(a, 'pin', { account_id: 'other' });
    await start(a, [gates[0]!.task]);
    await start(b, [gates[1]!.task]);
    const running = () => [...gates[0]!.running.keys(), ...gates[1]!.running.keys()];
    await eventually('both accounts run', async () => running().length === 2);
    expect(running().sort()).toEqual([busy, other].sort());
    // Four slots over two instances, and still one job of the busy account.
    const accounts = await db.selectFrom('jobs').select('account_id').where('status', '=', 'running').execute();
    expect(accounts.map((r) => r.account_id).sort()).toEqual(['busy', 'other']);
  });

  it('takes over a job whose runner stopped renewing its lease, and counts the run', async () => {
    const clock = manualClock();
    const app = appFor(db, clock);
    const id = await queue(app, 'release');
    const lapsed = isoAt(clock.now() - 1);
    await db
      .updateTable('jobs')
      .set({ status: 'running', lease_owner: 'dead-instance', lease_until: lapsed, attempts: 1 })
      .where('id', '=', id)
      .execute();
    const runs: number[] = [];
    await start(app, [{ kind: 'release', run: async (_app, { job }) => runs.push(job.attempts) }]);
    await eventually('the job was taken over and carried out', async () => (await row(id)) === undefined);
    expect(runs).toEqual([2]);
  });

  it('keeps the lease of a long run, and stops a run withdrawn in the database', async () => {
    const clock = manualClock();
    const app = appFor(db, clock);
    const gate = gatedTask('pin', { watchMs: 500 });
    const runner = await start(app, [gate.task]);
    const id = await queue(app, 'pin');
    runner.kick('pin');
    await eventually('the job runs', async () => gate.running.has(id));
    const until = (await row(id))!.lease_until!;
    clock.advance(LEASE_MS / 3);
    await eventually('its lease is renewed', async () => (await row(id))!.lease_until! > until);
    // Withdrawn elsewhere (its request removed): the run notices at the next check and ends.
    await db.deleteFrom('jobs').where('id', '=', id).execute();
    // The renewal may be seen here before the lease has set its next check on the clock: each look
    // moves the time on by one check, so the check is reached whichever came first.
    await eventually('the run stopped', async () => {
      clock.advance(500);
      return !gate.running.has(id);
    });
  });

  it('runs a periodic task once per turn over every instance, and again a turn later', async () => {
    const clock = manualClock();
    const turns: string[] = [];
    const every = 60_000;
    const periodic = (name: string): Task => ({ kind: 'sweep', everyMs: every, run: async () => void turns.push(name) });
    await start(appFor(db, clock), [periodic('a')]);
    await start(appFor(db, clock), [periodic('b')]);
    expect(await db.selectFrom('jobs').select(['id', 'kind']).execute()).toEqual([{ id: 'sweep', kind: 'sweep' }]);
    expect(turns).toEqual([]);
    for (let turn = 1; turn <= 3; turn++) {
      clock.advance(every);
      await eventually(`turn ${turn} ran`, async () => turns.length === turn && (await row('sweep'))?.status === 'pending');
    }
    expect(turns).toHaveLength(3);
    expect(Date.parse((await row('sweep'))!.run_after)).toBe(clock.now() + every);
  });

  it('runs a job now for a caller that waits for its outcome, or tells it the job is gone', async () => {
    const clock = manualClock();
    const app = appFor(db, clock);
    // No slot of its own: only `runNow` runs it, so the test knows who does.
    const runner = await start(app, [{ kind: 'release', slots: 0, run: async () => 'unpinned' }]);
    const id = await queue(app, 'release');
    expect(await runner.runNow(id)).toEqual({ ran: true, gone: true, result: 'unpinned' });
    expect(await runner.runNow(id)).toEqual({ ran: false, gone: true });
  });
});

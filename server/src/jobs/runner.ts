import type { AppContext } from '../context';
import type { JobKind, JobRow } from '../db/schema';
import { newId } from '../lib/ids';
import { isoAt } from './clock';
import { holdLease } from './lease';

/** What a task is handed for one run of one job. */
export interface TaskRun {
  job: JobRow;
  /** The runner that holds the job's lease; writes about the job are conditional on it. */
  owner: string;
  /** Aborted when the server stops or the job is withdrawn (`withdrawn`). */
  signal: AbortSignal;
  /** Aborted when the job is no longer this runner's: cancelled here or in the database, taken over. */
  withdrawn: AbortSignal;
}

/** Thrown by a task whose failed attempt is due again at a time of its own policy (not the runner's backoff). */
export class RetryAt extends Error {
  constructor(
    readonly at: number,
    message: string,
  ) {
    super(message);
  }
}

/** A named task of the runner: what runs a job of its kind, and how. */
export interface Task {
  kind: JobKind;
  /** Carries the job out; a throw is a failed attempt, retried with backoff. What it returns goes to `runNow`. */
  run(app: AppContext, run: TaskRun): Promise<unknown>;
  /** How many of its jobs run at once on one instance. */
  slots?: number;
  /** Attempts before a job is left `failed` for an operator. */
  maxAttempts?: number;
  /** One job of an account runs at a time over every instance, so that no account holds every slot. */
  onePerAccount?: boolean;
  /** Between renewals, how often a running job checks that it is still its runner's (a cancel elsewhere). */
  watchMs?: number;
  /** How often an idle slot looks for jobs queued on another instance (a kick wakes it on this one). */
  idleMs?: number;
  /** A periodic task: one row of the deployment (id = kind), run by one instance every `everyMs`. */
  everyMs?: number;
  /** A periodic task with a row per instance (`kind@instanceId`): work on this instance's own disk. */
  perInstance?: boolean;
}

export interface RunReport {
  done: number;
  retrying: number;
  failed: number;
}

export interface JobRunner {
  /** Wakes the idle slots of `kind`: a job was queued on this instance. */
  kick(kind: JobKind): void;
  /**
   * Runs the job now on this instance, outside the slots. When another runner holds it, waits
   * (bounded) until its run ends on this instance, or reads it once. `ran`: this call carried it
   * out and `result` is what its task returned; `gone`: the row is gone (carried out anywhere).
   */
  runNow(id: string): Promise<{ ran: boolean; gone: boolean; result?: unknown }>;
  /** Stops this instance's run of the job at once (it was cancelled in the database). */
  cancel(id: string): void;
  /**
   * Resolves when this instance's run of the job ends, at most `withinMs` later (it may run on
   * another instance, or wait for a slot). Ask before the kick that starts it.
   */
  settled(id: string, withinMs: number): Promise<void>;
  /** Runs every due job of `kinds` one after another, until none is left or `deadline` (start-up recovery). */
  runDue(kinds: readonly JobKind[], deadline?: number): Promise<RunReport>;
  stop(): Promise<void>;
}

const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 10 * 60_000;
const DEFAULT_MAX_ATTEMPTS = 10;
const DEFAULT_IDLE_MS = 1_000;
/** How long `runNow` waits for a run of the job that another runner holds. */
const RUN_NOW_WAIT_MS = 2_000;

/** Exponential backoff with jitter: 2 s, 4 s, 8 s … up to ten minutes. */
export function retryDelayMs(attempts: number): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** The id of a periodic task's row: one per deployment, or one per instance. */
const periodicId = (app: AppContext, task: Task) => (task.perInstance ? `${task.kind}@${app.instanceId}` : task.kind);

/**
 * The one job runner of an instance. Every task of `tasks` runs from the `jobs` table: a slot
 * claims a due job under a lease (`holdLease`, renewed while it runs, lost if the instance dies,
 * so another instance takes it over), runs it, and deletes its row; a failed attempt is retried
 * with backoff until the task's `maxAttempts`, after which the job stays `failed`. A periodic
 * task's row is rescheduled instead. Every wait is on `app.clock`.
 */
export async function startJobRunner(app: AppContext, tasks: readonly Task[]): Promise<JobRunner> {
  const owner = newId();
  const { leaseMs } = app.config;
  const byKind = new Map(tasks.map((task) => [task.kind, task]));
  const stopping = new AbortController();
  const sleepers = new Map<JobKind, Set<() => void>>();
  const local = new Map<string, AbortController>();
  const waiters = new Map<string, Set<() => void>>();
  const claiming = new Map<JobKind, Promise<unknown>>();

  // A periodic task's first turn comes an interval after the first instance started (start-up
  // runs its work already, see `startJobs`).
  for (const task of tasks) {
    if (task.everyMs === undefined) continue;
    const at = app.clock.now();
    await app.stores.jobs.ensure(periodicId(app, task), task.kind, isoAt(at + task.everyMs), isoAt(at));
  }

  /** Claims of one kind run one after another, so two slots of this instance never take one account's jobs together. */
  function claim(task: Task, onlyId?: string): Promise<JobRow | undefined> {
    const next = (claiming.get(task.kind) ?? Promise.resolve()).then(() => {
      const at = app.clock.now();
      const only = onlyId ?? (task.everyMs !== undefined ? periodicId(app, task) : undefined);
      return app.stores.jobs.claimNext([task.kind], owner, isoAt(at), isoAt(at + leaseMs), {
        onlyId: only,
        onePerAccount: task.onePerAccount,
      });
    });
    claiming.set(
      task.kind,
      next.catch(() => undefined),
    );
    return next;
  }

  type Outcome = { outcome: keyof RunReport; result?: unknown };

  async function execute(task: Task, job: JobRow): Promise<Outcome> {
    const queuedBy = job.request_id ? { requestId: job.request_id } : {};
    const withdrawn = new AbortController();
    local.set(job.id, withdrawn);
    const lease = holdLease(
      {
        renew: (_now, until) => app.stores.jobs.renew(job.id, owner, isoAt(until)),
        held: task.watchMs !== undefined ? () => app.stores.jobs.holds(job.id, owner) : undefined,
      },
      { clock: app.clock, leaseMs, watchMs: task.watchMs },
    );
    const onLost = () => withdrawn.abort(lease.lost.reason);
    lease.lost.addEventListener('abort', onLost, { once: true });
    const signal = AbortSignal.any([stopping.signal, withdrawn.signal]);
    try {
      const result = await task.run(app, { job, owner, signal, withdrawn: withdrawn.signal });
      const at = app.clock.now();
      if (task.everyMs !== undefined) await app.stores.jobs.reschedule(job.id, owner, isoAt(at + task.everyMs), null, isoAt(at));
      else await app.stores.jobs.complete(job.id, owner);
      return { outcome: 'done', result };
    } catch (error) {
      const at = app.clock.now();
      const fields = {
        kind: job.kind,
        jobId: job.id,
        cid: job.cid ?? undefined,
        attempts: job.attempts,
        error: String(error),
        ...queuedBy,
      };
      if (task.everyMs !== undefined) {
        app.logger.error('periodic task failed', fields);
        await app.stores.jobs.reschedule(job.id, owner, isoAt(at + task.everyMs), String(error).slice(0, 1000), isoAt(at));
        return { outcome: 'retrying' };
      }
      const final = job.attempts >= (task.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
      const retryAt = error instanceof RetryAt ? error.at : at + retryDelayMs(job.attempts);
      await app.stores.jobs.fail(job.id, owner, String(error), isoAt(retryAt), final, isoAt(at));
      if (final) app.logger.error('job failed', fields);
      else app.logger.warn('job will retry', fields);
      return { outcome: final ? 'failed' : 'retrying' };
    } finally {
      lease.lost.removeEventListener('abort', onLost);
      lease.stop();
      local.delete(job.id);
      for (const wake of [...(waiters.get(job.id) ?? [])]) wake();
    }
  }

  async function idle(task: Task): Promise<void> {
    let waitMs = task.idleMs ?? task.everyMs ?? DEFAULT_IDLE_MS;
    if (task.everyMs !== undefined) {
      const due = await app.stores.jobs.nextDue(task.kind, periodicId(app, task)).catch(() => undefined);
      // Running elsewhere (no pending row): looked at again after a lease, when it may have lapsed.
      waitMs = due === undefined ? leaseMs : Math.min(waitMs, Math.max(0, Date.parse(due) - app.clock.now()));
    }
    const woken = new AbortController();
    const wake = () => woken.abort();
    const set = sleepers.get(task.kind) ?? new Set();
    sleepers.set(task.kind, set.add(wake));
    await app.clock.sleep(waitMs, AbortSignal.any([woken.signal, stopping.signal]));
    set.delete(wake);
  }

  async function slot(task: Task): Promise<void> {
    while (!stopping.signal.aborted) {
      const job = await claim(task).catch((error: unknown) => {
        app.logger.error('job claim failed', { kind: task.kind, error: String(error) });
        return undefined;
      });
      if (job) await execute(task, job);
      else await idle(task);
    }
  }

  async function runDue(kinds: readonly JobKind[], deadline = Infinity): Promise<RunReport> {
    const report: RunReport = { done: 0, retrying: 0, failed: 0 };
    for (const kind of kinds) {
      const task = byKind.get(kind);
      while (task && !stopping.signal.aborted && app.clock.now() < deadline) {
        const job = await claim(task);
        if (!job) break;
        report[(await execute(task, job)).outcome]++;
      }
    }
    return report;
  }

  async function settled(id: string, withinMs: number): Promise<void> {
    const done = new AbortController();
    const wake = () => done.abort();
    const set = waiters.get(id) ?? new Set();
    waiters.set(id, set.add(wake));
    try {
      await app.clock.sleep(withinMs, AbortSignal.any([done.signal, stopping.signal]));
    } finally {
      set.delete(wake);
      if (set.size === 0 && waiters.get(id) === set) waiters.delete(id);
    }
  }

  const slots = tasks.flatMap((task) => Array.from({ length: task.slots ?? 1 }, () => slot(task)));

  return {
    kick(kind) {
      for (const wake of [...(sleepers.get(kind) ?? [])]) wake();
    },
    async runNow(id) {
      const row = await app.stores.jobs.find(id);
      const task = row && byKind.get(row.kind);
      if (!row || !task) return { ran: false, gone: !row };
      const ended = settled(id, RUN_NOW_WAIT_MS);
      const job = await claim(task, id);
      if (job) {
        const { outcome, result } = await execute(task, job);
        return { ran: outcome === 'done', gone: outcome === 'done', result };
      }
      const now = await app.stores.jobs.find(id);
      // Not due, waiting for an upload or a pin job, or given up: nobody runs it now.
      if (now?.status !== 'running') return { ran: false, gone: !now };
      // Another runner has it (this instance's slot, woken by the same change, or another instance).
      await ended;
      return { ran: false, gone: !(await app.stores.jobs.find(id)) };
    },
    cancel(id) {
      local.get(id)?.abort(new Error('The job was withdrawn'));
    },
    settled,
    runDue,
    async stop() {
      stopping.abort();
      await Promise.allSettled(slots);
    },
  };
}

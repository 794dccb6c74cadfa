import type { DbConfig } from '../config/config';
import type { WebhookEventRow } from '../db/schema';
import type { Clock } from '../jobs/clock';
import { isoAt } from '../jobs/clock';
import type { Logger } from '../lib/logger';
import type { Stores } from '../stores/index';
import { listenForEvents, type EventListener } from './pg-listener';

export type LiveListener = (event: WebhookEventRow) => void;

export interface EventHubOptions {
  /** How often the outbox is read: SQLite's only source, PostgreSQL's safety net under NOTIFY. */
  pollMs: number;
  /**
   * How far before the newest event seen each read looks again, so that an event committed after
   * a later one (a longer transaction, another instance) is still found; the seen-set keeps it once.
   */
  lookbackMs: number;
}

export const EVENT_HUB_DEFAULTS = {
  sqlite: { pollMs: 300, lookbackMs: 5_000 },
  pg: { pollMs: 5_000, lookbackMs: 5_000 },
} satisfies Record<DbConfig['driver'], EventHubOptions>;

/** Rows one read takes at most; a fuller backlog is read on at once from where it stopped. */
const READ_LIMIT = 1_000;
/** Accounts one query names at most. */
const USERS_PER_QUERY = 500;

export type EventHub = ReturnType<typeof createEventHub>;

/**
 * One per server process: reads new outbox events of the accounts that have a stream open here and
 * hands each to their listeners, once. It reads when PostgreSQL notifies a commit (`pg_notify` in
 * the transaction that writes the event), and on a timer: SQLite has no notifications, and a
 * notification lost with a dropped connection is still found. Events written by another process
 * or instance arrive the same way, since both paths go through the database.
 */
export function createEventHub(deps: { db: DbConfig; stores: Stores; clock: Clock; logger: Logger; options?: EventHubOptions }) {
  const options = deps.options ?? EVENT_HUB_DEFAULTS[deps.db.driver];
  const listeners = new Map<string, Set<LiveListener>>();
  const opened = new Map<string, number>();
  /** Events already handed out, by id, with their time: dropped once the window has passed them. */
  const seen = new Map<string, string>();
  let watermark: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  let reading: Promise<void> | null = null;
  let readAgain = false;
  let closed = false;
  let pg: EventListener | null = null;

  function ensureStarted(): void {
    if (watermark === null) watermark = isoAt(deps.clock.now() - options.lookbackMs);
    timer ??= setInterval(() => void readSoon(), options.pollMs).unref();
    if (deps.db.driver === 'pg' && !pg) {
      pg = listenForEvents(deps.db.url, deps.logger, {
        notified: (userId) => {
          if (listeners.has(userId)) void readSoon();
        },
        // Whatever was notified while the connection was down is read now.
        connected: () => void readSoon(),
      });
    }
  }

  function stopWhenIdle(): void {
    if (listeners.size > 0 || !timer) return;
    clearInterval(timer);
    timer = undefined;
  }

  /** One read at a time; a request during a read makes one more read after it. */
  function readSoon(): Promise<void> {
    if (closed) return Promise.resolve();
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = (async () => {
      try {
        do {
          readAgain = false;
          await readOnce();
        } while (readAgain && !closed);
      } catch (error) {
        deps.logger.warn('live events read failed', { error: String(error) });
      } finally {
        reading = null;
      }
    })();
    return reading;
  }

  async function readOnce(): Promise<void> {
    const users = [...listeners.keys()];
    if (users.length === 0 || watermark === null) return;
    const from = watermark;
    let newest = from;
    let full = false;
    for (let i = 0; i < users.length; i += USERS_PER_QUERY) {
      const rows = await deps.stores.liveEvents.since(users.slice(i, i + USERS_PER_QUERY), from, READ_LIMIT);
      if (rows.length === READ_LIMIT) full = true;
      for (const row of rows) {
        if (row.created_at > newest) newest = row.created_at;
        if (seen.has(row.id)) continue;
        seen.set(row.id, row.created_at);
        for (const listener of listeners.get(row.user_id) ?? []) listener(row);
      }
    }
    // A full read moves on from its last event (no look-back), or it would read the same rows again.
    const next = full ? newest : isoAt(Date.parse(newest) - options.lookbackMs);
    if (next > watermark) watermark = next;
    for (const [id, at] of seen) if (at < watermark) seen.delete(id);
    if (full) readAgain = true;
  }

  return {
    /**
     * Hands `listener` every event of the account committed from now on. Events already in the
     * outbox are marked seen first (for an account that had no stream here), so none of them is
     * taken for new. Answers the function that stops it.
     */
    async subscribe(userId: string, listener: LiveListener, max: number): Promise<(() => void) | null> {
      if (closed) throw new Error('the event hub is closed');
      // Counted before the first wait, so that streams opened together cannot all pass the cap.
      const open = opened.get(userId) ?? 0;
      if (open >= max) return null;
      opened.set(userId, open + 1);
      const release = () => {
        const left = (opened.get(userId) ?? 1) - 1;
        if (left > 0) opened.set(userId, left);
        else opened.delete(userId);
      };
      try {
        ensureStarted();
        await pg?.ready;
        if (!listeners.has(userId)) {
          const known = await deps.stores.liveEvents.since([userId], watermark!, READ_LIMIT);
          for (const row of known) seen.set(row.id, row.created_at);
        }
      } catch (error) {
        release();
        throw error;
      }
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        release();
        const current = listeners.get(userId);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) listeners.delete(userId);
        stopWhenIdle();
      };
    },

    /** Streams open (or opening) in this process for the account. */
    count(userId: string): number {
      return opened.get(userId) ?? 0;
    },

    /** Reads the outbox now (tests; a notification does the same). */
    poke: () => readSoon(),

    async close(): Promise<void> {
      closed = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      listeners.clear();
      opened.clear();
      await reading;
      await pg?.close();
      pg = null;
    },
  };
}

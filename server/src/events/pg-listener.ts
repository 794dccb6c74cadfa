import pg from 'pg';
import type { Logger } from '../lib/logger';
import { EVENTS_CHANNEL } from '../stores/webhook-delivery-store';

export interface EventListener {
  /** Settles once the first connection attempt has (LISTEN is on) or has failed (retrying). */
  ready: Promise<void>;
  close(): Promise<void>;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * The one PostgreSQL connection of this process that LISTENs for committed events (outside the
 * pool: a listening connection stays checked out). A dropped connection is opened again with
 * backoff; `connected` runs after every (re)connection so that the caller reads what it missed.
 */
export function listenForEvents(
  url: string,
  logger: Pick<Logger, 'warn'>,
  on: { notified(userId: string, eventId: string): void; connected(): void },
): EventListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      const [userId, eventId] = (message.payload ?? '').split(' ');
      if (userId && eventId) on.notified(userId, eventId);
    });
    next.on('error', (error) => dropped(next, error));
    next.on('end', () => dropped(next, new Error('connection ended')));
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      dropped(next, error);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = RETRY_MIN_MS;
    on.connected();
  }

  function dropped(which: pg.Client, error: unknown): void {
    if (closed || (client !== null && client !== which)) return;
    client = null;
    which.removeAllListeners('end');
    void which.end().catch(() => undefined);
    if (retry) return;
    logger.warn('live events listener disconnected, reconnecting', { error: String(error), inMs: retryMs });
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryMs).unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  const started = connect();
  return {
    ready: started,
    async close() {
      closed = true;
      clearTimeout(retry);
      await started;
      const current = client;
      client = null;
      current?.removeAllListeners('end');
      await current?.end().catch(() => undefined);
    },
  };
}

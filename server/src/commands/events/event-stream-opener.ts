import { isUuid } from '../../lib/ids';
import { PassThrough, type Readable } from 'node:stream';
import type { Authentication } from '../../auth/authenticate';
import { grants } from '../../auth/scopes';
import type { AppContext } from '../../context';
import type { WebhookEventRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { webhookEventBody } from '../../webhooks/event-body';

/** Streams one account may hold open on one server process. */
export const MAX_EVENT_STREAMS = 10;
/** A comment this often keeps proxies and clients from taking a quiet stream for a dead one. */
export const HEARTBEAT_MS = 15_000;
/** The reconnection delay a client is told to use (`retry:`). */
export const RETRY_MS = 3_000;
/** Events a resume (`Last-Event-ID`) replays at most; further behind, the client is told to refetch. */
export const MAX_RESUME_EVENTS = 500;
/** Bytes written but not yet taken by a slow client before its stream is dropped (it resumes). */
export const MAX_UNSENT_BYTES = 1 << 20;

/** A credential sees an event when it could read what the event reports. */
function visibleTo(auth: Authentication, type: string): boolean {
  // A test event is for the one endpoint it was sent to; payments need a session or a full-access token.
  if (type === 'webhook.test') return false;
  return !type.startsWith('payment.') || grants(auth, 'all');
}

const message = (row: WebhookEventRow): string => `id: ${row.id}\nevent: ${row.type}\ndata: ${webhookEventBody(row)}\n\n`;

/**
 * Opens a live event stream of the account (text/event-stream): every event written to its outbox
 * from now on, after those since `lastEventId` when the client resumes. A resume from an event
 * the outbox no longer has (pruned, unknown) or from too far behind gets a `reset` event instead:
 * the client reloads what it shows. The stream ends when the server stops, and is dropped when
 * its client falls too far behind; it stops listening when the client goes.
 */
export async function eventStreamOpener(
  app: AppContext,
  auth: Authentication,
  userId: string,
  lastEventId: string | undefined,
): Promise<Readable> {
  if (app.stopping.aborted) throw app.stopping.reason as Error;
  const out = new PassThrough();
  // Events that arrive while a resume is being written wait here, so that none passes another.
  let held: WebhookEventRow[] | null = [];
  const replayed = new Set<string>();
  const write = (chunk: string): void => {
    if (out.destroyed || out.writableEnded) return;
    if (out.writableLength > MAX_UNSENT_BYTES) {
      out.destroy();
      return;
    }
    out.write(chunk);
  };
  const send = (row: WebhookEventRow): void => {
    if (visibleTo(auth, row.type)) write(message(row));
  };
  const unsubscribe = await app.events.subscribe(
    userId,
    (row) => {
      if (!held) return send(row);
      held.push(row);
      if (held.length > MAX_RESUME_EVENTS) out.destroy();
    },
    MAX_EVENT_STREAMS,
  );
  if (!unsubscribe) {
    throw new AppError(
      429,
      'too_many_event_streams',
      `This account already has ${MAX_EVENT_STREAMS} live event streams open: close one first`,
    );
  }
  const end = () => out.end();
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS).unref();
  out.once('close', () => {
    clearInterval(heartbeat);
    app.stopping.removeEventListener('abort', end);
    unsubscribe();
  });
  app.stopping.addEventListener('abort', end, { once: true });

  try {
    write(`retry: ${RETRY_MS}\n\n`);
    if (lastEventId) {
      // Event ids are UUIDs: anything else (a header is not validated) names no event.
      const from = isUuid(lastEventId) ? await app.stores.liveEvents.find(userId, lastEventId) : undefined;
      const missed = from ? await app.stores.liveEvents.after(userId, from, MAX_RESUME_EVENTS + 1) : null;
      if (!missed || missed.length > MAX_RESUME_EVENTS) {
        // An empty id clears the client's last event id: it does not come back with the stale one.
        const reason = missed ? 'too_far_behind' : 'unknown_event';
        write(`id: \nevent: reset\ndata: ${JSON.stringify({ reason })}\n\n`);
      } else {
        for (const row of missed) {
          replayed.add(row.id);
          send(row);
        }
      }
    }
    for (const row of held ?? []) if (!replayed.has(row.id)) send(row);
    held = null;
  } catch (error) {
    out.destroy();
    throw error;
  }
  return out;
}

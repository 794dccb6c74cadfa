import Router from '@koa/router';
import { z } from 'zod';
import { eventStreamOpener } from '../../commands/events/event-stream-opener';
import type { AppState } from '../../koa-types';
import { auth } from '../../middleware/auth';
import { input, validate } from '../../middleware/validate';

// Event ids are UUIDs: a header naming anything else names no event (the stream says `reset`).
const eventsQuery = z.object({ lastEventId: z.uuid('lastEventId is an event id (a UUID)').optional() });

/**
 * The account's live events (server-sent events). A token needs `files:read`; one limited to a
 * group is refused, since events are the whole account's.
 */
export function eventRoutes() {
  const router = new Router<AppState>();

  router.get('/events', auth('files:read'), validate({ query: eventsQuery }), async (ctx) => {
    // EventSource sends Last-Event-ID when it reconnects; a client that opens a new stream itself names it in the query.
    const header = ctx.get('Last-Event-ID').slice(0, 100);
    const lastEventId = header || input<undefined, z.infer<typeof eventsQuery>>(ctx).query.lastEventId;
    const stream = await eventStreamOpener(ctx.state.app, ctx.state.auth, ctx.state.user.id, lastEventId);
    ctx.req.once('close', () => stream.destroy());
    ctx.req.socket.setNoDelay(true);
    ctx.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      // A proxy must pass each event on as it comes, not buffer the stream.
      'X-Accel-Buffering': 'no',
      // The connection goes with the stream: a stopping server is not held by a connection kept alive.
      Connection: 'close',
    });
    ctx.body = stream;
  });

  return router;
}

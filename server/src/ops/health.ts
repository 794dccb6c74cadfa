import Router from '@koa/router';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { AppState } from '../koa-types';

/** Any well-formed CID: asking whether it is pinned is a round trip to the engine, whichever it is. */
const PROBE_CID = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';
const CHECK_TIMEOUT_MS = 2_000;

async function within<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Each dependency's state: `ok`, or why not (never a secret: messages of our own, or a driver's). */
export async function readiness(app: AppContext): Promise<{ ready: boolean; checks: Record<string, string> }> {
  // At once, without the probes: under load they can take their whole 2 s, and a load balancer
  // must see a drain within its first checks, before the listener closes.
  if (app.stopping.aborted || app.draining) return { ready: false, checks: { server: app.stopping.aborted ? 'stopping' : 'draining' } };
  const checks: Record<string, string> = {};
  const probe = async (name: string, work: () => Promise<unknown>) => {
    try {
      await within(work(), name);
      checks[name] = 'ok';
    } catch (error) {
      checks[name] = error instanceof Error ? error.message : 'unavailable';
    }
  };
  await Promise.all([probe('database', () => sql`select 1`.execute(app.db)), probe('content', () => app.content.isPinned(PROBE_CID))]);
  return { ready: Object.values(checks).every((state) => state === 'ok'), checks };
}

/**
 * `/healthz`: the process answers (for a liveness probe: restart only when this fails).
 * `/readyz`: the database and the content engine answer too, and the server is not draining or
 * stopping (for a load balancer: send traffic).
 */
export function healthRoutes() {
  const router = new Router<AppState>();
  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const { ready, checks } = await readiness(ctx.state.app);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'not_ready', checks };
  });
  return router;
}

import type { AppContext } from '../../../context';

/** The spec allows at most this many delegates. */
const MAX_DELEGATES = 20;
/** Engines answer their addresses over the network (Kubo's `id`): asked again after this long. */
const CACHE_MS = 30_000;

const cache = new WeakMap<AppContext, { at: number; addrs: Promise<string[]> }>();

/**
 * The content engine's own multiaddrs, for `PinStatus.delegates`. Only addresses that name the
 * peer (`/p2p/<id>`) are given: clients such as Kubo dial each one and refuse an address without it.
 */
export function delegatesOf(app: AppContext): Promise<string[]> {
  const hit = cache.get(app);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.addrs;
  const addrs = app.content
    .multiaddrs()
    .then((all) => [...new Set(all.filter((addr) => addr.includes('/p2p/')))].slice(0, MAX_DELEGATES))
    .catch((error: unknown) => {
      app.logger.warn('content engine addresses unavailable', { error: String(error) });
      cache.delete(app);
      return [];
    });
  cache.set(app, { at: Date.now(), addrs });
  return addrs;
}

import type { AppContext } from '../context';
import { nowIso } from '../lib/time';

/** Records handed to the engine in one pass at most; the next pass takes the rest. */
const RECORDS_PER_PASS = 100;
const ANNOUNCE_TIMEOUT_MS = 60_000;

/**
 * Hands every record not yet announced since it changed to the IPFS network the engine reaches,
 * oldest first; a record that fails stays unannounced for the next pass. Nothing to do when the
 * engine reaches no routing. Returns how many were announced.
 */
export async function announceRecords(app: AppContext): Promise<number> {
  const publish = app.content.publishIpns?.bind(app.content);
  if (!publish) return 0;
  let announced = 0;
  for (const row of await app.stores.ipns.unannounced(RECORDS_PER_PASS)) {
    try {
      await publish(row.name, Buffer.from(row.record, 'base64'), AbortSignal.timeout(ANNOUNCE_TIMEOUT_MS));
      await app.stores.ipns.markAnnounced(row.name, row.record, nowIso());
      announced++;
    } catch (error) {
      app.logger.warn('IPNS record not announced', { name: row.name, error: String(error) });
    }
  }
  return announced;
}

/** Announces what was just published, in the background: the periodic pass catches whatever this misses. */
export function announceSoon(app: AppContext): void {
  if (!app.content.publishIpns) return;
  void announceRecords(app).catch((error: unknown) => app.logger.warn('IPNS announce pass failed', { error: String(error) }));
}

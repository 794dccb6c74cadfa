import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../../context';
import { isoAt } from '../../../jobs/clock';
import { holdLease } from '../../../jobs/lease';

/**
 * This instance's id, kept in its data directory: a restart on the same directory is the same
 * instance, still the holder of the partial uploads there.
 */
export function instanceIdOf(dataDir: string): string {
  const file = path.join(dataDir, 'instance-id');
  try {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Written whole or not at all: a crash mid-write must not leave an empty id behind.
  const id = crypto.randomUUID();
  const pending = `${file}.tmp`;
  fs.writeFileSync(pending, id, { mode: 0o600 });
  fs.renameSync(pending, file);
  return id;
}

/**
 * Records where the other instances reach this one, and beats (a lease on its row) while it runs;
 * an instance that stopped beating for `leaseMs` is taken for gone. A beat that fails is logged
 * and tried again: the row is this instance's for as long as it runs. Returns the stop function.
 */
export async function registerInstance(app: AppContext, url: string): Promise<() => void> {
  await app.stores.instances.beat(app.instanceId, url, isoAt(app.clock.now()));
  const lease = holdLease(
    {
      async renew(now) {
        await app.stores.instances
          .beat(app.instanceId, url, isoAt(now))
          .catch((error: unknown) => app.logger.warn('instance heartbeat failed', { error: String(error) }));
        return true;
      },
    },
    { clock: app.clock, leaseMs: app.config.leaseMs },
  );
  return () => lease.stop();
}

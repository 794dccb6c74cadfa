import type { AppContext } from '../context';
import { psaPinRemover } from './psa-pin-remover';

/**
 * Completes replacements (`POST /psa/pins/{requestid}`) whose new pin is pinned: the request it
 * replaces is removed only now, so blocks both share were never unpinned in between. Called when a
 * job is pinned (`jobId`) and by the maintenance sweep for any a crash left half done. Idempotent.
 */
export async function psaReplacementFinisher(app: AppContext, jobId?: string): Promise<number> {
  let finished = 0;
  for (const pin of await app.stores.psaPins.replacementsDone(jobId)) {
    const user = await app.stores.users.findById(pin.user_id);
    const old = user && pin.replaces ? await app.stores.psaPins.find(user.id, pin.replaces) : undefined;
    if (user && old) await psaPinRemover(app, user, old, '');
    await app.stores.psaPins.clearReplaces(pin.requestid);
    finished++;
  }
  return finished;
}

import type { AppContext } from '../../context';
import type { PsaPinView } from '../../stores/psa-pin-store';
import { delegatesOf } from './lib/delegates';

/**
 * What the spec's `PinStatus` of these requests adds to their rows: each one's `meta`, and the
 * engine's own addresses as `delegates`, except for a pin whose record is private: its delegates
 * are empty, so that no client is told which peer holds that content.
 */
export async function psaStatusReader(app: AppContext, pins: PsaPinView[]) {
  const uploadIds = pins.flatMap((pin) => (pin.upload_id ? [pin.upload_id] : []));
  const [meta, addrs, hidden] = await Promise.all([
    app.stores.psaPins.metaOf(pins.map((pin) => pin.requestid)),
    delegatesOf(app),
    app.stores.uploads.privateAmong(uploadIds),
  ]);
  const delegates = (pin: PsaPinView): string[] => (pin.upload_id && hidden.has(pin.upload_id) ? [] : addrs);
  return { meta, delegates };
}

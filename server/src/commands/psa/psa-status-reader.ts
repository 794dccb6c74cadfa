import type { AppContext } from '../../context';
import type { PsaPinView } from '../../stores/psa-pin-store';
import { delegatesOf } from './lib/delegates';

/** What the spec's `PinStatus` of these requests adds to their rows: each one's `meta`, and the engine's own addresses as `delegates`. */
export async function psaStatusReader(app: AppContext, pins: PsaPinView[]) {
  const [meta, delegates] = await Promise.all([app.stores.psaPins.metaOf(pins.map((pin) => pin.requestid)), delegatesOf(app)]);
  return { meta, delegates };
}

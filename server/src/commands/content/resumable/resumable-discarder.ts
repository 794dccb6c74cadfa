import type { AppContext } from '../../../context';
import { removePartial } from './lib/partial-store';

/** Forgets a resumable upload: its partial file, its row, and the quota it still reserved. */
export async function resumableDiscarder(app: AppContext, id: string): Promise<void> {
  await removePartial(app, id);
  await app.stores.resumable.remove(id);
}

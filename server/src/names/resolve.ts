import type { AppContext } from '../context';

/**
 * The content path an IPNS name points to now (`/ipfs/<cid>[/path]`) and how long that answer
 * holds; null when this deployment knows no record of the name.
 */
export async function resolveIpnsName(_app: AppContext, _name: string): Promise<{ value: string; ttlSeconds: number } | null> {
  return null;
}

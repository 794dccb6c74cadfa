import type { AppContext } from '../context';
import type { IpnsRecordRow } from '../db/schema';

export interface ResolvedName {
  /** What the name points to, `/ipfs/{cid}[/{path}]` (or `/ipns/…`). */
  value: string;
  ttlSeconds: number;
  sequence: string;
  validUntil: string;
  record: IpnsRecordRow;
}

/**
 * What an IPNS name (`k51…`, canonical) points to, from the records this server holds; null when
 * it holds none or the one it holds has expired. Never asks the network.
 */
export async function resolveIpnsName(app: AppContext, name: string): Promise<ResolvedName | null> {
  const record = await app.stores.ipns.findRecord(name);
  if (!record || Date.parse(record.valid_until) <= app.clock.now()) return null;
  return { value: record.value, ttlSeconds: record.ttl_seconds, sequence: record.sequence, validUntil: record.valid_until, record };
}

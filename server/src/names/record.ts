import type { PrivateKey } from '@libp2p/interface';
import { createIPNSRecord, marshalIPNSRecord, multihashToIPNSRoutingKey, unmarshalIPNSRecord } from 'ipns';
import { ipnsValidator } from 'ipns/validator';
import type { IpnsName } from './ipns-name';

/** What resolution needs out of a signed record, and the record itself. */
export interface SignedRecord {
  bytes: Uint8Array;
  value: string;
  sequence: bigint;
  ttlSeconds: number;
  validUntil: string;
}

export class IpnsRecordError extends Error {}

/**
 * A V1+V2 record of `value` with sequence `sequence`, valid for `validityHours`, which resolvers
 * may cache for `ttlSeconds`. V1 fields keep older resolvers reading it; V2 is what is checked.
 */
export async function signRecord(
  key: PrivateKey,
  value: string,
  sequence: bigint,
  ttlSeconds: number,
  validityHours: number,
): Promise<SignedRecord> {
  const record = await createIPNSRecord(key, value, sequence, validityHours * 3_600_000, {
    v1Compatible: true,
    ttlNs: BigInt(ttlSeconds) * 1_000_000_000n,
  });
  return readRecord(marshalIPNSRecord(record));
}

/**
 * Checks a marshalled record for `name` as the IPNS spec has a resolver do: at most 10 KiB, the
 * V2 signature by the name's key over the CBOR data, V1 fields (if any) equal to the CBOR ones,
 * and not expired. Throws IpnsRecordError saying why not.
 */
export async function verifyRecord(name: IpnsName, bytes: Uint8Array): Promise<SignedRecord> {
  try {
    await ipnsValidator(multihashToIPNSRoutingKey(name.digest), bytes);
  } catch (error) {
    throw new IpnsRecordError(`IPNS record refused: ${(error as Error).message}`);
  }
  return readRecord(bytes);
}

function readRecord(bytes: Uint8Array): SignedRecord {
  const record = unmarshalIPNSRecord(bytes);
  const ttlSeconds = Number((record.ttl ?? 0n) / 1_000_000_000n);
  return {
    bytes,
    value: record.value,
    sequence: record.sequence,
    ttlSeconds: Math.min(ttlSeconds, 2_147_483_647),
    validUntil: validityDate(record.validity),
  };
}

/** An RFC 3339 validity with nanoseconds as an ISO date (to the millisecond); years past 9999 are capped. */
function validityDate(validity: string): string {
  const date = new Date(validity);
  if (Number.isNaN(date.getTime())) return '9999-12-31T23:59:59.999Z';
  return date.toISOString();
}

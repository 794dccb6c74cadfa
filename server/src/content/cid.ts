import { CID } from 'multiformats/cid';
import { InvalidCidError } from './errors';

/** Parses a CID string (v0 `Qm…` or any multibase v1), or throws the caller's 400. */
export function parseCid(value: string): CID {
  try {
    return CID.parse(value.trim());
  } catch {
    throw new InvalidCidError(value);
  }
}

/** Pins are keyed by the v1 form so that `Qm…` and its `bafy…` spelling are one pin. */
export function pinKey(cid: CID): Uint8Array {
  return cid.toV1().bytes;
}

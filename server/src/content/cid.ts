import { CID } from 'multiformats/cid';
import { identity } from 'multiformats/hashes/identity';
import { IdentityCidError, InvalidCidError } from './errors';

/**
 * Parses a CID string (v0 `Qm…` or any multibase v1), or throws the caller's 400 `invalid_cid`.
 * `toString()` of the result is the CID's canonical text (a v0 CID stays v0).
 */
export function parseCid(value: string): CID {
  try {
    return CID.parse(value.trim());
  } catch {
    throw new InvalidCidError(value);
  }
}

/** `parseCid` for content to store or pin: an identity CID is a 400 `identity_cid` (its bytes are the CID). */
export function pinnableCid(value: string): CID {
  const cid = parseCid(value);
  if (cid.multihash.code === identity.code) throw new IdentityCidError();
  return cid;
}

/** Pins are keyed by the v1 form so that `Qm…` and its `bafy…` spelling are one pin. */
export function pinKey(cid: CID): Uint8Array {
  return cid.toV1().bytes;
}

/**
 * A CID's text as one flat string. multiformats builds it a character at a time, and V8 keeps
 * such a string as a chain of pieces (about 2 KB for a CIDv1) until something flattens it: a
 * listing of 30,000 entries held 57 MB of them. Copied once through a buffer, it is 60 bytes.
 */
export function cidText(cid: CID): string {
  return Buffer.from(cid.toString(), 'latin1').toString('latin1');
}

import { CID } from 'multiformats/cid';
import { base36 } from 'multiformats/bases/base36';
import { base58btc } from 'multiformats/bases/base58';
import * as Digest from 'multiformats/hashes/digest';
import type { MultihashDigest } from 'multiformats/hashes/interface';

/** The multicodec of a libp2p public key in a CID: what IPNS names are. */
const LIBP2P_KEY = 0x72;
const IDENTITY = 0x00;
const SHA2_256 = 0x12;

export interface IpnsName {
  /** The canonical text: the CIDv1 (libp2p-key) in base36, `k51…` for an Ed25519 key. */
  text: string;
  /** The multihash of the public key (identity for Ed25519, sha2-256 for RSA). */
  digest: MultihashDigest<0x00 | 0x12>;
}

export class IpnsNameError extends Error {}

/**
 * An IPNS name as a request gives it: the CIDv1 of a libp2p key in any multibase (`k51…`,
 * `bafzaa…`), or a peer id in base58 (`12D3Koo…` for an Ed25519 key, `Qm…` for an RSA one).
 * `canonical` says whether it already was the `k51…` text the gateway redirects to.
 */
export function parseIpnsName(text: string): IpnsName & { canonical: boolean } {
  if (text.length === 0 || text.length > 200) throw new IpnsNameError('an IPNS name has 1 to 200 characters');
  let digest: MultihashDigest;
  if (text.startsWith('12D3Koo') || text.startsWith('Qm') || text.startsWith('1')) {
    try {
      digest = Digest.decode(base58btc.baseDecode(text));
    } catch {
      throw new IpnsNameError(`${text} is not a peer id`);
    }
  } else {
    let cid: CID;
    try {
      cid = text.startsWith('k') ? CID.parse(text, base36) : CID.parse(text);
    } catch {
      throw new IpnsNameError(`${text} is not an IPNS name`);
    }
    if (cid.version !== 1 || cid.code !== LIBP2P_KEY) throw new IpnsNameError(`${text} is a CID, but not of a libp2p key`);
    digest = cid.multihash;
  }
  if (digest.code !== IDENTITY && digest.code !== SHA2_256) throw new IpnsNameError(`${text} is not hashed as a peer id is`);
  const canonical = ipnsNameOf(digest as MultihashDigest<0x00 | 0x12>);
  return { text: canonical, digest: digest as MultihashDigest<0x00 | 0x12>, canonical: canonical === text };
}

/** The `k51…` text of a public key's multihash. */
export function ipnsNameOf(digest: MultihashDigest<0x00 | 0x12>): string {
  return CID.createV1(LIBP2P_KEY, digest).toString(base36);
}

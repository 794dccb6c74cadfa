import { base36 } from 'multiformats/bases/base36';
import { base58btc } from 'multiformats/bases/base58';
import { CID } from 'multiformats/cid';
import * as Digest from 'multiformats/hashes/digest';
import { AppError, badRequest } from '../../lib/errors';
import { inlineDnsName } from './host-kind';

/** The longest DNS label (RFC 1034). */
export const DNS_LABEL_MAX = 63;
/** IPNS names are CIDs of this codec (a libp2p public key), written in base36 on subdomains. */
export const LIBP2P_KEY = 0x72;

const tooLong = (what: string) =>
  new AppError(400, 'dns_label_too_long', `CID incompatible with DNS label length limit of ${DNS_LABEL_MAX}: ${what}`);

/** A CID as any of its spellings (base32, base36, base58btc, CIDv0); null when it is none. */
export function parseAnyCid(text: string): CID | null {
  for (const parse of [() => CID.parse(text), () => CID.parse(text, base36)]) {
    try {
      return parse();
    } catch {
      // the next spelling
    }
  }
  return null;
}

/** `<label>.ipfs.<domain>` of a CID: CIDv1 in base32, the case-insensitive form a DNS label can hold. */
export function ipfsLabel(cidText: string): string {
  const cid = parseAnyCid(cidText);
  if (!cid) throw badRequest('invalid_cid', `invalid path "/ipfs/${cidText}": not a CID`);
  const label = cid.toV1().toString();
  if (label.length > DNS_LABEL_MAX) throw tooLong(label);
  return label;
}

/** The IPNS key of a name written as a CID or a peer ID (`12D3Koo…`, `Qm…`), as a libp2p-key CID; null for a DNS name. */
export function ipnsKey(name: string): CID | null {
  const cid = parseAnyCid(name);
  if (cid) return CID.createV1(LIBP2P_KEY, cid.multihash);
  try {
    return CID.createV1(LIBP2P_KEY, Digest.decode(base58btc.baseDecode(name)));
  } catch {
    return null;
  }
}

/**
 * `<label>.ipns.<domain>` of an IPNS name: a key as its libp2p-key CID in base36, a DNSLink name
 * inlined into one label (`en.wikipedia-on-ipfs.org` → `en-wikipedia--on--ipfs-org`).
 */
export function ipnsLabel(name: string): string {
  const key = ipnsKey(name);
  const label = key ? key.toString(base36) : name.includes('.') ? inlineDnsName(name.toLowerCase()) : null;
  if (label === null) throw badRequest('invalid_path', `invalid path "/ipns/${name}": neither an IPNS key nor a DNS name`);
  if (label.length > DNS_LABEL_MAX) throw tooLong(label);
  return label;
}

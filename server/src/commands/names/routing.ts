import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { parseCid } from '../../content/cid';
import { IpnsNameError, parseIpnsName, type IpnsName } from '../../names/ipns-name';
import { IpnsRecordError, verifyRecord } from '../../names/record';
import { resolveIpnsName, type ResolvedName } from '../../names/resolve';
import { servedContentChecker } from '../content/served-content-checker';
import { contentPathOf, publicationOf, recordWrite } from './publish';

/** Identity CIDs carry their bytes: nobody provides them. */
const IDENTITY = 0x00;

export const nameNotResolved = () => notFound('name_not_resolved', 'No valid record of this name is held here');

/** A name as a request gives it, or 400. */
export function ipnsNameParam(text: string): IpnsName & { canonical: boolean } {
  try {
    return parseIpnsName(text);
  } catch (error) {
    if (error instanceof IpnsNameError) throw badRequest('validation_error', `name is not an IPNS name: ${error.message}`);
    throw error;
  }
}

/** `GET /resolve/{name}` and the routing API's GET: the record in force, or 404 name_not_resolved. */
export async function nameResolver(app: AppContext, text: string): Promise<ResolvedName & { name: string }> {
  const name = ipnsNameParam(text);
  const resolved = await resolveIpnsName(app, name.text);
  if (!resolved) throw nameNotResolved();
  return { ...resolved, name: name.text };
}

/**
 * `PUT /routing/v1/ipns/{name}`: a record signed elsewhere, checked as a resolver checks it, kept
 * when its sequence is above the one held. A record of an account's name joins its history.
 */
export async function routingRecordImporter(app: AppContext, text: string, bytes: Uint8Array): Promise<void> {
  const name = ipnsNameParam(text);
  let signed;
  try {
    signed = await verifyRecord(name, bytes);
  } catch (error) {
    if (error instanceof IpnsRecordError) throw badRequest('ipns_record_invalid', error.message);
    throw error;
  }
  const key = await app.stores.ipns.findKeyByName(name.text);
  if (!key) await checkServedValue(app, signed.value);
  await app.stores.ipns.writeRecord(name.text, async (held) => {
    if (held && BigInt(held.sequence) >= signed.sequence) {
      throw conflict('ipns_record_outdated', `A record with sequence ${held.sequence} or higher is held already`);
    }
    const now = nowIso();
    return {
      record: recordWrite(name.text, signed, key?.id ?? null, now),
      publication: key ? publicationOf(key.id, signed, 'routing', now) : undefined,
      result: undefined,
    };
  });
}

/**
 * A record of a name no account here holds is kept only when it points at content this server
 * serves publicly: this server answers for what it holds, and nobody can fill it with records of
 * throwaway keys pointing anywhere.
 */
async function checkServedValue(app: AppContext, value: string): Promise<void> {
  let cid: string | null = null;
  try {
    cid = value.startsWith('/ipfs/') ? contentPathOf(value).cid.toString() : null;
  } catch {
    cid = null;
  }
  if (cid === null || (await servedContentChecker(app, cid)) !== 'served') {
    throw badRequest('ipns_record_invalid', 'IPNS record refused: it points at no content this server serves');
  }
}

export interface RoutingProvider {
  Schema: 'peer';
  ID: string;
  Addrs: string[];
  Protocols: string[];
}

/**
 * The engine's peers that provide a CID some account holds publicly, with their addresses; none
 * for private content or content not held here (the two are not told apart).
 */
export async function providersFinder(app: AppContext, cidText: string): Promise<RoutingProvider[]> {
  const cid = parseCid(cidText);
  if (cid.multihash.code === IDENTITY || (await servedContentChecker(app, cid.toString())) !== 'served') return [];
  const byPeer = new Map<string, string[]>();
  for (const address of await app.content.multiaddrs()) {
    const at = address.lastIndexOf('/p2p/');
    if (at < 0) continue;
    const peer = address.slice(at + 5);
    byPeer.set(peer, [...(byPeer.get(peer) ?? []), address.slice(0, at)]);
  }
  return [...byPeer].map(([ID, Addrs]) => ({ Schema: 'peer', ID, Addrs, Protocols: ['transport-bitswap'] }));
}

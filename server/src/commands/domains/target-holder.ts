import { CID } from 'multiformats/cid';
import type { AppContext } from '../../context';
import { parseIpnsName } from '../../names/ipns-name';
import { resolveIpnsName } from '../../names/resolve';

/** The spellings of a CID a record may be kept under: as written, CIDv1 base32, and CIDv0 when it has one. */
function spellings(text: string): string[] {
  try {
    const cid = CID.parse(text);
    const forms = new Set([text, cid.toV1().toString()]);
    if (cid.code === 0x70 && cid.multihash.code === 0x12) forms.add(cid.toV0().toString());
    return [...forms];
  } catch {
    return [];
  }
}

/** Whether the account holds a record whose root is `cid`. */
async function holdsRoot(app: AppContext, userId: string, cid: string): Promise<boolean> {
  for (const form of spellings(cid)) {
    if (await app.stores.uploads.findByCidForUser(userId, form)) return true;
  }
  return false;
}

/**
 * Whether `target` is the account's to point a domain at: `/ipfs/<cid>[/path]` whose CID is the
 * root of one of its records; `/ipns/<name>` of one of its keys, or a name no account holds (its
 * record published through the routing API) whose current value is such content.
 */
export async function targetHeldBy(app: AppContext, userId: string, target: string): Promise<boolean> {
  const [, namespace, root] = target.split('/');
  if (!root) return false;
  if (namespace === 'ipfs') return holdsRoot(app, userId, root);
  if (namespace !== 'ipns') return false;
  let name: string;
  try {
    name = parseIpnsName(root).text;
  } catch {
    return false;
  }
  const key = await app.stores.ipns.findKeyByName(name);
  if (key) return key.user_id === userId;
  const resolved = await resolveIpnsName(app, name);
  const cid = resolved?.value.split('/')[2];
  return resolved !== null && resolved.value.startsWith('/ipfs/') && cid !== undefined && holdsRoot(app, userId, cid);
}

import crypto from 'node:crypto';
import { randomFile, upload, type Instance } from '../../server/test/crash';
import { fileForm } from '../../server/test/factories';

/**
 * What the client knows of one record it asked for, keyed by its unique name. `uploading` and
 * `deleting` are requests whose answer the kill cut off: either outcome is right, as long as the
 * records, the content and the quota agree on it after the restart.
 */
export interface Entry {
  name: string;
  state: 'uploading' | 'recorded' | 'failed' | 'deleting' | 'deleted';
  /** SHA-256 of the file's bytes (none for a folder: its CID is read back from its record). */
  sha256?: string;
  cid?: string;
  uploadId?: string;
  /** The name of a folder that holds the same bytes as a file of its own: while that folder is
   * recorded, the file's CID is part of a held DAG, and still served, after the file's delete. */
  alsoIn?: string;
}

export type Ledger = Map<string, Entry>;

const KiB = 1024;
const MiB = 1024 * KiB;
/** Uploads and deletes a round asks for at most, whenever the kill comes. */
const MAX_OPS_PER_ROUND = 60;
const LANES = 2;

let serial = 0;
export const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
const uniqueName = (prefix: string, ext = '') => `${prefix}-${process.pid}-${++serial}${ext}`;

/** One file upload: known to the ledger before it is sent, so a cut-off answer is still accounted for. */
async function uploadOne(instance: Instance, token: string, ledger: Ledger, name: string, bytes: Uint8Array, cid: string) {
  const entry: Entry = { name, state: 'uploading', sha256: sha256(bytes), cid };
  ledger.set(name, entry);
  const res = await upload(instance, token, name, bytes);
  if (res.status === 201) Object.assign(entry, { state: 'recorded', uploadId: res.body.uploadId as string });
  else entry.state = 'failed';
}

async function deleteOne(instance: Instance, token: string, entry: Entry) {
  entry.state = 'deleting';
  const res = await instance.api.request('DELETE', `/api/v2/uploads/${entry.uploadId}`, { token });
  if (res.status === 200) entry.state = 'deleted';
  else if (res.status === 404) throw new Error(`the record of ${entry.name} was not found for its delete`);
}

/**
 * A pack left mostly dead, so that the server compacts it: a folder of a small and a large file
 * (one pack), the small file uploaded again on its own (stored once, in the folder's pack), then
 * the folder deleted: the large file's blocks die, the small one's must move to a new pack.
 */
async function compaction(instance: Instance, token: string, ledger: Ledger) {
  const kept = randomFile(64 * KiB);
  const name = uniqueName('album');
  const folder: Entry = { name, state: 'uploading' };
  ledger.set(name, folder);
  const res = await instance.api.request('POST', `/api/v2/upload/directory?mode=dag&cidVersion=0&name=${name}`, {
    token,
    body: fileForm([
      { name: `${name}/kept.bin`, content: kept.bytes },
      { name: `${name}/dropped.bin`, content: crypto.randomBytes(MiB) },
    ]),
  });
  if (res.status !== 201) {
    folder.state = 'failed';
    return;
  }
  Object.assign(folder, { state: 'recorded', uploadId: res.body.uploadId as string, cid: res.body.cid as string });
  const keptName = uniqueName('kept', '.bin');
  const upload = uploadOne(instance, token, ledger, keptName, kept.bytes, kept.cid);
  ledger.get(keptName)!.alsoIn = name;
  await upload;
  await deleteOne(instance, token, folder);
}

/** A random step: mostly new files, some deletes of recorded ones, now and then a compaction. */
async function step(instance: Instance, token: string, ledger: Ledger) {
  const roll = Math.random();
  const deletable = [...ledger.values()].filter((e) => e.state === 'recorded' && e.sha256);
  if (roll < 0.25 && deletable.length > 0) return deleteOne(instance, token, deletable[Math.floor(Math.random() * deletable.length)]!);
  if (roll < 0.4) return compaction(instance, token, ledger);
  const file = randomFile(KiB + Math.floor(Math.random() * 1.5 * MiB));
  return uploadOne(instance, token, ledger, uniqueName('file', '.bin'), file.bytes, file.cid);
}

/**
 * Uploads, deletes and compactions on `LANES` lanes at once until the server dies (the requests
 * then fail) or `MAX_OPS_PER_ROUND` steps were taken.
 */
export async function workload(instance: Instance, token: string, ledger: Ledger): Promise<void> {
  let ops = 0;
  const lane = async () => {
    while (ops++ < MAX_OPS_PER_ROUND && instance.child.exitCode === null && instance.child.signalCode === null) {
      await step(instance, token, ledger).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
}

import { createEmbeddedContentStore } from '../../server/src/content/embedded-store';
import { createDb } from '../../server/src/db/database';
import type { DbConfig } from '../../server/src/config/config';
import { type Instance } from '../../server/test/crash';
import { eventually } from '../../server/test/eventually';
import { sha256, type Ledger } from './crash-workload';

export interface Tally {
  /** A record whose content is not readable, a record the client never asked for, or a pinned root no record holds. */
  halfRecords: number;
  /** Bytes of `storage_used` off the records' sum, plus bytes still reserved, plus reservation rows left. */
  quotaDrift: number;
  /** An acknowledged upload (never deleted) that is not recorded or not read back byte for byte. */
  lostFiles: number;
  /** An acknowledged delete whose CID is still recorded or still answered by the gateway. */
  deletedServed: number;
  /** Outbox jobs left failed. */
  failedJobs: number;
  /** Blocks of deleted content still in the block store (kept, not served: reported only). */
  deletedBlocksLeft: number;
}

export const emptyTally = (): Tally => ({
  halfRecords: 0,
  quotaDrift: 0,
  lostFiles: 0,
  deletedServed: 0,
  failedJobs: 0,
  deletedBlocksLeft: 0,
});

interface Snapshot {
  records: Map<string, { cid: string; size: number; charged: number; id: string }>;
  used: number;
  reserved: number;
  reservations: number;
  jobs: { status: string }[];
}

/** The account's records, quota and the outbox, read straight from the database. */
async function snapshot(db: DbConfig, email: string): Promise<Snapshot> {
  const conn = createDb(db);
  try {
    const user = await conn.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow();
    const rows = await conn
      .selectFrom('uploads')
      .select(['id', 'name', 'cid', 'size', 'charged_bytes'])
      .where('user_id', '=', user.id)
      .execute();
    const reservations = await conn.selectFrom('quota_reservations').select('id').where('user_id', '=', user.id).execute();
    const jobs = await conn.selectFrom('jobs').select('status').where('kind', '=', 'release').execute();
    return {
      records: new Map(rows.map((r) => [r.name, { cid: r.cid, size: Number(r.size), charged: Number(r.charged_bytes), id: r.id }])),
      used: Number(user.storage_used),
      reserved: Number(user.storage_reserved),
      reservations: reservations.length,
      jobs,
    };
  } finally {
    await conn.destroy();
  }
}

/** Waits until recovery is over: the dead process's reservations expired and every due outbox job ran. */
export async function settled(db: DbConfig, email: string, withinMs = 60_000): Promise<void> {
  await eventually(
    'recovery after the restart is over',
    async () => {
      const s = await snapshot(db, email);
      return s.reservations === 0 && s.jobs.every((job) => job.status === 'failed');
    },
    { withinMs, everyMs: 200 },
  );
}

/**
 * Resolves the requests the kill cut off from what the database recorded, then checks the
 * records, the gateway and the quota against the ledger. Adds what is wrong to `tally`.
 */
export async function checkRecords(instance: Instance, db: DbConfig, email: string, ledger: Ledger, tally: Tally): Promise<void> {
  const s = await snapshot(db, email);
  for (const name of s.records.keys()) if (!ledger.has(name)) tally.halfRecords++;
  for (const entry of ledger.values()) {
    const record = s.records.get(entry.name);
    if (entry.state === 'uploading' || entry.state === 'deleting') {
      entry.state = record ? 'recorded' : entry.state === 'uploading' ? 'failed' : 'deleted';
      if (record) Object.assign(entry, { uploadId: record.id, cid: record.cid });
    }
    if (entry.state === 'failed' && record) tally.halfRecords++;
    if (entry.state === 'recorded') {
      const res = record ? await fetch(`${instance.url}/ipfs/${record.cid}`) : null;
      const body = res ? new Uint8Array(await res.arrayBuffer()) : null;
      const intact = res?.status === 200 && (!entry.sha256 || sha256(body!) === entry.sha256);
      if (!intact) {
        tally.lostFiles++;
        if (record) tally.halfRecords++;
      }
    }
    if (entry.state === 'deleted' && entry.cid) {
      const stillHeld =
        [...s.records.values()].some((r) => r.cid === entry.cid) || (entry.alsoIn !== undefined && s.records.has(entry.alsoIn));
      const res = await fetch(`${instance.url}/ipfs/${entry.cid}`);
      await res.arrayBuffer();
      if (record || (!stillHeld && res.status !== 404)) tally.deletedServed++;
    }
  }
  const recordedBytes = [...s.records.values()].reduce((sum, r) => sum + r.charged, 0);
  tally.quotaDrift += Math.abs(s.used - recordedBytes) + s.reserved + s.reservations;
  tally.failedJobs += s.jobs.filter((job) => job.status === 'failed').length;
}

/**
 * With the server stopped: every recorded CID is pinned, no other root is, and the blocks of
 * deleted content are gone.
 */
export async function checkEngine(dataDir: string, db: DbConfig, email: string, ledger: Ledger, tally: Tally): Promise<void> {
  const s = await snapshot(db, email);
  const recorded = new Set([...s.records.values()].map((r) => r.cid));
  const store = await createEmbeddedContentStore({ dataDir });
  try {
    for (const cid of recorded) if (!(await store.isPinned(cid))) tally.halfRecords++;
    tally.halfRecords += Math.max(0, store.stats().roots - recorded.size);
    for (const entry of ledger.values()) {
      const inHeldFolder = entry.alsoIn !== undefined && s.records.has(entry.alsoIn);
      if (entry.state === 'deleted' && entry.cid && !recorded.has(entry.cid) && !inHeldFolder && (await store.has(entry.cid)))
        tally.deletedBlocksLeft++;
    }
  } finally {
    await store.close();
  }
}

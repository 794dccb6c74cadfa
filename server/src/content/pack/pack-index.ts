import SQLite from 'better-sqlite3';
import { decodeEntries } from './entries';

export interface BlockLocation {
  pack: number;
  offset: number;
  length: number;
}

/** A block the DAG needs was deleted (by a concurrent unpin) between the fetch and the commit. */
export class MissingBlockError extends Error {
  constructor() {
    super('A block of this DAG is no longer held; retry the pin');
  }
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS packs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  state TEXT NOT NULL,             -- 'writing' until its import commits, then 'live'
  size INTEGER NOT NULL DEFAULT 0,
  live INTEGER NOT NULL DEFAULT 0  -- bytes of blocks still indexed in it (for compaction)
);
CREATE TABLE IF NOT EXISTS blocks (
  mh BLOB PRIMARY KEY,
  pack INTEGER NOT NULL,
  offset INTEGER NOT NULL,
  length INTEGER NOT NULL,
  refs INTEGER NOT NULL            -- pinned roots whose DAG holds this block
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS blocks_by_pack ON blocks (pack);
CREATE TABLE IF NOT EXISTS roots (
  cid BLOB PRIMARY KEY,            -- CIDv1 bytes, so Qm… and its v1 form are one pin
  blocks INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS root_blocks (
  root BLOB NOT NULL,
  mh BLOB NOT NULL,
  PRIMARY KEY (root, mh)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS root_blocks_by_mh ON root_blocks (mh);
`;

/**
 * Where every block lives and which pinned roots hold it. Garbage collection is reference
 * counting per block over the set of pinned roots: each root lists every block of its DAG once
 * (recorded while importing or fetching, so pinning never walks the DAG again), and a block is
 * deleted when the last root that lists it is unpinned. Blocks shared between DAGs survive.
 */
export class PackIndex {
  private readonly db: SQLite.Database;
  private readonly stmt;

  /** `durable`: a commit is on disk when it returns (the upload's record is written only after). */
  constructor(file: string, durable = true) {
    this.db = new SQLite(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(durable ? 'synchronous = FULL' : 'synchronous = NORMAL');
    this.db.exec(SCHEMA);
    const db = this.db;
    this.stmt = {
      newPack: db.prepare(`INSERT INTO packs (state) VALUES ('writing')`),
      dropPack: db.prepare(`DELETE FROM packs WHERE id = ?`),
      writingPacks: db.prepare(`SELECT id FROM packs WHERE state = 'writing'`).pluck(),
      allPacks: db.prepare(`SELECT id FROM packs`).pluck(),
      packSize: db.prepare(`SELECT size FROM packs WHERE id = ?`).pluck(),
      lookup: db.prepare(`SELECT pack, offset, length FROM blocks WHERE mh = ?`),
      hasBlock: db.prepare(`SELECT 1 FROM blocks WHERE mh = ?`).pluck(),
      insertBlock: db.prepare(`INSERT OR IGNORE INTO blocks (mh, pack, offset, length, refs) VALUES (?, ?, ?, ?, 0)`),
      hasRoot: db.prepare(`SELECT 1 FROM roots WHERE cid = ?`).pluck(),
      insertRoot: db.prepare(`INSERT INTO roots (cid, blocks) VALUES (?, ?)`),
      insertRootBlock: db.prepare(`INSERT OR IGNORE INTO root_blocks (root, mh) VALUES (?, ?)`),
      addRef: db.prepare(`UPDATE blocks SET refs = refs + 1 WHERE mh = ?`),
      livePack: db.prepare(`UPDATE packs SET state = 'live', size = ?, live = ? WHERE id = ?`),
      rootBlocks: db.prepare(`SELECT mh FROM root_blocks WHERE root = ?`).pluck(),
      dropRef: db.prepare(`UPDATE blocks SET refs = refs - 1 WHERE mh = ? RETURNING refs, pack, length`),
      deleteBlock: db.prepare(`DELETE FROM blocks WHERE mh = ?`),
      shrinkPack: db.prepare(`UPDATE packs SET live = live - ? WHERE id = ?`),
      anyBlockIn: db.prepare(`SELECT 1 FROM blocks WHERE pack = ? LIMIT 1`).pluck(),
      blocksIn: db.prepare(`SELECT mh, offset, length FROM blocks WHERE pack = ? ORDER BY offset`),
      packUsage: db.prepare(`SELECT size, live FROM packs WHERE id = ? AND state = 'live'`),
      mostlyDead: db.prepare(`SELECT id FROM packs WHERE state = 'live' AND live * 2 < size AND size - live >= ?`).pluck(),
      relocate: db.prepare(`UPDATE blocks SET pack = ?, offset = ? WHERE mh = ? AND pack = ?`),
      deleteRootBlocks: db.prepare(`DELETE FROM root_blocks WHERE root = ?`),
      deleteRoot: db.prepare(`DELETE FROM roots WHERE cid = ?`),
      inPinnedDag: db.prepare(`SELECT 1 FROM root_blocks WHERE mh = ? LIMIT 1`).pluck(),
      dagBytes: db.prepare(`SELECT coalesce(sum(b.length), 0) FROM root_blocks r JOIN blocks b ON b.mh = r.mh WHERE r.root = ?`).pluck(),
      stats: db.prepare(`SELECT (SELECT count(*) FROM blocks) AS blocks, (SELECT count(*) FROM roots) AS roots,
        (SELECT count(*) FROM packs) AS packs, (SELECT coalesce(sum(size), 0) FROM packs) AS packBytes,
        (SELECT coalesce(sum(live), 0) FROM packs) AS liveBytes`),
    };
  }

  newPack(): number {
    return Number(this.stmt.newPack.run().lastInsertRowid);
  }

  dropPack(id: number): void {
    this.stmt.dropPack.run(id);
  }

  /** Packs left 'writing' by a crash: their files are garbage. */
  writingPacks(): number[] {
    return this.stmt.writingPacks.all() as number[];
  }

  /** Every pack the index knows, written or being written. */
  packIds(): Set<number> {
    return new Set(this.stmt.allPacks.all() as number[]);
  }

  /** Bytes in a committed pack (0 for one unknown or still being written). */
  packSize(id: number): number {
    return (this.stmt.packSize.get(id) as number | undefined) ?? 0;
  }

  lookup(multihash: Uint8Array): BlockLocation | undefined {
    return this.stmt.lookup.get(multihash) as BlockLocation | undefined;
  }

  hasBlock(multihash: Uint8Array): boolean {
    return this.stmt.hasBlock.get(multihash) !== undefined;
  }

  isPinned(root: Uint8Array): boolean {
    return this.stmt.hasRoot.get(root) !== undefined;
  }

  /** The block belongs to some pinned DAG, hence so does its whole sub-DAG: it is complete locally. */
  inPinnedDag(multihash: Uint8Array): boolean {
    return this.stmt.inPinnedDag.get(multihash) !== undefined;
  }

  /** The bytes of the blocks a pinned root's DAG lists (each block once); undefined when `root` is not pinned. */
  dagBytes(root: Uint8Array): number | undefined {
    if (!this.isPinned(root)) return undefined;
    return this.stmt.dagBytes.get(root) as number;
  }

  /**
   * Makes a pack's blocks visible and pins `root` over `dag` (every block of the DAG, some maybe
   * already indexed from earlier packs), in one transaction. Returns whether the pack ended up
   * holding no live block (every block was already stored), so the caller can delete its file.
   */
  commit(
    pack: number | null,
    entries: Uint8Array | null,
    packBytes: number,
    root: Uint8Array,
    dag: Iterable<Uint8Array>,
  ): { packEmpty: boolean } {
    return this.db.transaction(() => {
      if (this.stmt.hasRoot.get(root) !== undefined) {
        if (pack !== null) this.stmt.dropPack.run(pack);
        return { packEmpty: true };
      }
      let live = 0;
      let inserted = 0;
      if (pack !== null && entries !== null) {
        for (const entry of decodeEntries(entries)) {
          if (this.stmt.insertBlock.run(entry.multihash, pack, entry.offset, entry.length).changes === 0) continue;
          live += entry.length;
          inserted++;
        }
      }
      let count = 0;
      for (const multihash of dag) {
        if (this.stmt.insertRootBlock.run(root, multihash).changes === 0) continue;
        if (this.stmt.addRef.run(multihash).changes === 0) throw new MissingBlockError();
        count++;
      }
      this.stmt.insertRoot.run(root, count);
      if (pack === null) return { packEmpty: false };
      // Counted in blocks, not bytes: the empty file's block has no bytes but still lives here.
      if (inserted === 0) {
        this.stmt.dropPack.run(pack);
        return { packEmpty: true };
      }
      this.stmt.livePack.run(packBytes, live, pack);
      return { packEmpty: false };
    })();
  }

  /**
   * Unpins `root`; returns the packs that no longer hold any live block (their files can go) and
   * those that lost some but not all (candidates for compaction).
   */
  unpin(root: Uint8Array): { deadPacks: number[]; shrunkPacks: number[] } {
    return this.db.transaction(() => {
      if (this.stmt.hasRoot.get(root) === undefined) return { deadPacks: [], shrunkPacks: [] };
      const touched = new Set<number>();
      for (const multihash of this.stmt.rootBlocks.all(root) as Uint8Array[]) {
        const row = this.stmt.dropRef.get(multihash) as { refs: number; pack: number; length: number } | undefined;
        if (row === undefined || row.refs > 0) continue;
        this.stmt.deleteBlock.run(multihash);
        this.stmt.shrinkPack.run(row.length, row.pack);
        touched.add(row.pack);
      }
      this.stmt.deleteRootBlocks.run(root);
      this.stmt.deleteRoot.run(root);
      const deadPacks = [...touched].filter((id) => this.stmt.anyBlockIn.get(id) === undefined);
      for (const id of deadPacks) this.stmt.dropPack.run(id);
      return { deadPacks, shrunkPacks: [...touched].filter((id) => !deadPacks.includes(id)) };
    })();
  }

  /** A committed pack's size and the bytes of its blocks still indexed, or undefined. */
  packUsage(id: number): { size: number; live: number } | undefined {
    return this.stmt.packUsage.get(id) as { size: number; live: number } | undefined;
  }

  /** Committed packs more than half dead that would give back at least `minReclaim` bytes. */
  mostlyDeadPacks(minReclaim: number): number[] {
    return this.stmt.mostlyDead.all(minReclaim) as number[];
  }

  /** The blocks still indexed in a pack, in file order. */
  blocksIn(id: number): Array<{ mh: Uint8Array; offset: number; length: number }> {
    return this.stmt.blocksIn.all(id) as Array<{ mh: Uint8Array; offset: number; length: number }>;
  }

  /**
   * Points the blocks copied from pack `from` into pack `to` at their new place, in one
   * transaction. A block unpinned while it was being copied stays deleted (its copy is dead
   * bytes in `to`). Returns whether `from` is left empty (its file can go) and whether `to`
   * ended up holding nothing (likewise).
   */
  relocate(from: number, to: number, entries: Uint8Array, packBytes: number): { fromEmpty: boolean; toEmpty: boolean } {
    return this.db.transaction(() => {
      let live = 0;
      for (const entry of decodeEntries(entries)) {
        if (this.stmt.relocate.run(to, entry.offset, entry.multihash, from).changes === 0) continue;
        live += entry.length;
      }
      this.stmt.shrinkPack.run(live, from);
      const fromEmpty = this.stmt.anyBlockIn.get(from) === undefined;
      if (fromEmpty) this.stmt.dropPack.run(from);
      const toEmpty = this.stmt.anyBlockIn.get(to) === undefined;
      if (toEmpty) this.stmt.dropPack.run(to);
      else this.stmt.livePack.run(packBytes, live, to);
      return { fromEmpty, toEmpty };
    })();
  }

  stats(): { blocks: number; roots: number; packs: number; packBytes: number; liveBytes: number } {
    return this.stmt.stats.get() as ReturnType<PackIndex['stats']>;
  }

  close(): void {
    this.db.close();
  }
}

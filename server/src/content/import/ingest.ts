import { CID } from 'multiformats/cid';
import { ContentAbortedError } from '../errors';
import { decodeEntries } from '../pack/entries';
import type { PackStore } from '../pack/pack-store';
import { PathSet } from '../paths';
import type { AddedDirectory, AddedFile, AddOptions, DirectoryEntryInput } from '../types';
import { ImportSession, type ImportOutcome } from './import-session';
import type { WorkerPool } from './worker-pool';

/**
 * Uploads: streams input into an import worker, then commits the pack and pins the root in one
 * index transaction. The importer wrote every block, so the pin costs no walk of the DAG.
 */
export class Ingest {
  constructor(
    private readonly store: PackStore,
    private readonly pool: WorkerPool,
    private readonly fsync: boolean,
  ) {}

  async addFile(source: AsyncIterable<Uint8Array>, options: AddOptions): Promise<AddedFile> {
    let size = 0;
    const outcome = await this.run('file', options, async (session) => {
      for await (const chunk of source) await session.write(chunk);
      size = session.total;
    });
    return { cid: outcome.cid, size };
  }

  async addDirectory(entries: AsyncIterable<DirectoryEntryInput>, options: AddOptions): Promise<AddedDirectory> {
    const sizes = new Map<string, number>();
    const outcome = await this.run('directory', options, async (session) => {
      const paths = new PathSet();
      for await (const entry of entries) {
        const path = paths.add(entry.path);
        const before = session.total;
        session.entry(path);
        for await (const chunk of entry.content) await session.write(chunk);
        await session.entryEnd();
        sizes.set(path, session.total - before);
      }
    });
    const files = outcome.files.filter((file) => sizes.has(file.path)).map((file) => ({ ...file, size: sizes.get(file.path)! }));
    files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { cid: outcome.cid, size: files.reduce((sum, file) => sum + file.size, 0), files };
  }

  private async run(
    mode: 'file' | 'directory',
    options: AddOptions,
    feed: (session: ImportSession) => Promise<void>,
  ): Promise<ImportOutcome> {
    options.signal?.throwIfAborted();
    const worker = await this.pool.acquire();
    const pack = this.store.reservePack();
    const start = {
      type: 'start',
      mode,
      cidVersion: options.cidVersion ?? 1,
      packPath: pack.path,
      fsync: this.fsync,
      directIo: this.store.directIo,
    } as const;
    const session = new ImportSession(worker, options, start);
    let outcome: ImportOutcome;
    try {
      await feed(session);
      outcome = await session.finish();
    } catch (error) {
      const { clean } = await session.abort();
      if (!clean) await worker.terminate();
      this.pool.release(worker);
      await this.store.dropPack(pack.id);
      throw options.signal?.aborted ? new ContentAbortedError(options.signal.reason) : error;
    }
    this.pool.release(worker);
    try {
      await options.beforePin?.(outcome.cid);
      this.commit(pack.id, outcome);
    } catch (error) {
      await this.store.dropPack(pack.id);
      throw error;
    }
    return outcome;
  }

  private commit(packId: number, outcome: ImportOutcome): void {
    const root = CID.parse(outcome.cid).toV1().bytes;
    const dag = (function* () {
      for (const entry of decodeEntries(outcome.entries)) yield entry.multihash;
    })();
    const { packEmpty } = this.store.index.commit(packId, outcome.entries, outcome.packBytes, root, dag);
    // Everything was already stored (same content uploaded before): the new copy is redundant.
    if (packEmpty) void this.store.deletePackFile(packId);
  }
}

import type { Task } from '../../jobs/runner';
import { storedFolderCategory } from '../../content/content-kind';

/**
 * `recategorise`: a one-off backfill, queued by a migration (a row per directory stored before
 * one rule covered every way content arrives), that recomputes a directory's category from its
 * files. Content the engine cannot read keeps its category: the job ends either way, so one
 * unreadable CID never holds the others up.
 */
export const recategoriseTask: Task = {
  kind: 'recategorise',
  idleMs: 60_000,
  async run(app, { job, signal }) {
    const cid = job.cid!;
    const category = await storedFolderCategory(app.content, cid, AbortSignal.any([signal, AbortSignal.timeout(10_000)])).catch(
      (error: unknown) => {
        app.logger.warn('category recheck could not read a directory', { cid, error: String(error) });
        return null;
      },
    );
    if (category !== null) await app.stores.uploads.setDirectoryCategory(cid, category);
  },
};

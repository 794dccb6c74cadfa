import fs from 'node:fs';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { Upload } from '@tus/server';
import type { AppContext } from '../../../../context';
import { notFound } from '../../../../lib/errors';
import { PRIVATE_FILE_MODE, privateDir } from '../../../../lib/private-files';

/** A partial upload is kept this long after its creation, then refused (410) and deleted. */
export const RESUMABLE_TTL_MS = 24 * 3600_000;

export const resumableNotFound = () => notFound('upload_not_found', 'No such resumable upload');

/** Partial uploads live in the data directory, one file plus its `.json` metadata each. */
export const resumableDir = (app: AppContext) => path.join(app.config.dataDir, 'resumable');

/**
 * tus's file store, whose files (a partial upload and its `.json` metadata) are private to the
 * server (0600) as everything Cairn keeps: each is created with that mode before the store, which
 * would create it with the default one, writes into it.
 */
class PrivateFileStore extends FileStore {
  override async create(file: Upload): Promise<Upload> {
    for (const name of [file.id, `${file.id}.json`]) {
      await (await fs.promises.open(path.join(this.directory, name), 'a', PRIVATE_FILE_MODE)).close();
    }
    return super.create(file);
  }
}

const stores = new WeakMap<AppContext, FileStore>();

/** The app's store of partial uploads, which the tus server writes and the finisher reads. */
export function partialStoreOf(app: AppContext): FileStore {
  let store = stores.get(app);
  if (!store) {
    privateDir(resumableDir(app));
    store = new PrivateFileStore({ directory: resumableDir(app), expirationPeriodInMilliseconds: RESUMABLE_TTL_MS });
    stores.set(app, store);
  }
  return store;
}

/** Deletes the partial file and its metadata, whichever of them exists. */
export async function removePartial(app: AppContext, id: string): Promise<void> {
  const file = path.join(resumableDir(app), id);
  await Promise.all([fs.promises.rm(file, { force: true }), fs.promises.rm(`${file}.json`, { force: true })]);
}

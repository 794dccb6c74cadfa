import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { PRIVATE_FILE_MODE, privateDir } from '../../lib/private-files';
import { CORS_EXPOSED_HEADERS } from '../../middleware/cors';
import { resumableFinisher } from '../../commands/content/resumable/resumable-finisher';

export const RESUMABLE_PATH = '/api/v2/uploads/resumable';
/** A partial upload is kept this long after its creation, then refused (410) and deleted. */
export const RESUMABLE_TTL_MS = 24 * 3600_000;

/** What the route already decided about the request the tus server is handling. */
interface TusRequest {
  uploadId: string;
  maxBytes: number;
  ip: string;
  requestId: string;
}

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

const current = new AsyncLocalStorage<TusRequest>();
const servers = new WeakMap<AppContext, { tus: Server; store: FileStore }>();

/** Partial uploads live in the data directory, one file plus its `.json` metadata each. */
export const resumableDir = (app: AppContext) => path.join(app.config.dataDir, 'resumable');

function requestOf(): TusRequest {
  const request = current.getStore();
  if (!request) throw new Error('tus request handled outside of its route');
  return request;
}

/**
 * The app's tus server. The routes authenticate, check sizes and quota, and choose the upload's
 * id before handing a request over; the tus server then speaks the protocol and keeps the bytes.
 */
export function tusServerOf(app: AppContext): { tus: Server; store: FileStore } {
  let built = servers.get(app);
  if (!built) {
    privateDir(resumableDir(app));
    const store = new PrivateFileStore({ directory: resumableDir(app), expirationPeriodInMilliseconds: RESUMABLE_TTL_MS });
    const tus = new Server({
      path: RESUMABLE_PATH,
      datastore: store,
      relativeLocation: true,
      maxSize: () => requestOf().maxBytes,
      namingFunction: () => requestOf().uploadId,
      getFileIdFromRequest: () => requestOf().uploadId,
      // CORS is answered for the whole API (middleware/cors.ts): the tus server adds no origin of
      // its own, and exposes what the API exposes besides the tus headers.
      allowedOrigins: () => false,
      exposedHeaders: CORS_EXPOSED_HEADERS,
      // The last PATCH answers with the record, as POST /upload does, or with the JSON error.
      async onUploadFinish(_req, upload) {
        const json = { 'Content-Type': 'application/json' };
        const request = requestOf();
        try {
          const result = await resumableFinisher(app, upload.id, request.ip);
          return { status_code: 200, headers: json, body: JSON.stringify(result) };
        } catch (error) {
          const known = error instanceof AppError;
          if (!known) app.logger.error('resumable upload not recorded', { error: String(error) });
          const body = known
            ? { error: error.message, code: error.code }
            : { error: 'Internal server error', code: 'internal_error', requestId: request.requestId };
          return { status_code: known ? error.status : 500, headers: json, body: JSON.stringify(body) };
        }
      },
    });
    built = { tus, store };
    servers.set(app, built);
  }
  return built;
}

/** Lets the tus server answer one request, as the upload `uploadId` with `maxBytes` as its cap. */
export function handleTus(app: AppContext, request: TusRequest, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { tus } = tusServerOf(app);
  return current.run(request, () => tus.handle(req, res));
}

import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from '@tus/server';
import { resumableFinisher } from '../../commands/content/resumable/resumable-finisher';
import { partialStoreOf } from '../../commands/content/resumable/lib/partial-store';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { CORS_EXPOSED_HEADERS } from '../../middleware/cors';
import { presentUpload } from '../../presenters/upload';

export const RESUMABLE_PATH = '/api/v2/uploads/resumable';

/** What the route already decided about the request the tus server is handling. */
interface TusRequest {
  uploadId: string;
  maxBytes: number;
  ip: string;
  requestId: string;
}

const current = new AsyncLocalStorage<TusRequest>();
const servers = new WeakMap<AppContext, Server>();

function requestOf(): TusRequest {
  const request = current.getStore();
  if (!request) throw new Error('tus request handled outside of its route');
  return request;
}

/**
 * The app's tus server. The routes authenticate, check sizes and quota, and choose the upload's
 * id before handing a request over; the tus server then speaks the protocol and keeps the bytes.
 */
function tusServerOf(app: AppContext): Server {
  let tus = servers.get(app);
  if (!tus) {
    tus = new Server({
      path: RESUMABLE_PATH,
      datastore: partialStoreOf(app),
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
          const { upload: record, duplicate } = await resumableFinisher(app, upload.id, request.ip);
          return { status_code: 200, headers: json, body: JSON.stringify({ ...presentUpload(record), duplicate }) };
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
    servers.set(app, tus);
  }
  return tus;
}

/** Lets the tus server answer one request, as the upload `uploadId` with `maxBytes` as its cap. */
export function handleTus(app: AppContext, request: TusRequest, req: IncomingMessage, res: ServerResponse): Promise<void> {
  return current.run(request, () => tusServerOf(app).handle(req, res));
}

import fs from 'node:fs';
import path from 'node:path';
import type { Next } from 'koa';
import type { Ctx } from '../koa-types';

/** Paths the UI never owns: API, docs, gateway. Unknown paths there stay JSON 404s. */
const NOT_UI = /^\/(api|docs|ipfs|file)(\/|$)/;

async function fileAt(root: string, urlPath: string): Promise<{ file: string; size: number } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(root, `.${decoded}`);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? { file, size: stat.size } : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built React UI: hashed assets cached for a year, index.html never cached, and any
 * other GET that asks for HTML falls back to index.html so client-side routes load directly.
 */
export function staticFiles(root: string | null) {
  const absRoot = root ? path.resolve(root) : null;
  return async (ctx: Ctx, next: Next) => {
    if (!absRoot || (ctx.method !== 'GET' && ctx.method !== 'HEAD') || NOT_UI.test(ctx.path)) return next();
    let found = ctx.path === '/' ? null : await fileAt(absRoot, ctx.path);
    let isIndex = false;
    if (!found) {
      if (!ctx.accepts('html') || path.extname(ctx.path)) return next();
      found = await fileAt(absRoot, '/index.html');
      isIndex = true;
      if (!found) return next();
    }
    ctx.type = path.extname(found.file);
    ctx.length = found.size;
    const hashed = !isIndex && ctx.path.startsWith('/assets/');
    ctx.set('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.body = ctx.method === 'HEAD' ? null : fs.createReadStream(found.file);
    if (ctx.method === 'HEAD') ctx.status = 200;
  };
}

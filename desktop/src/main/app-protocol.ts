import path from 'node:path';

/** The privileged scheme the desktop app loads its renderer from: `app://cairn/...`. */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://cairn`;

/** Paths the Cairn server owns; the desktop app forwards them so the renderer keeps one origin. */
const SERVER_PATHS = /^\/(api|docs|ipfs)(\/|$)/;

export type AppRequestTarget = { kind: 'file'; file: string } | { kind: 'proxy'; url: string } | { kind: 'reject' };

/**
 * Decides what an `app://cairn/...` request serves: a file of the built renderer, index.html for a
 * client-side route (SPA fallback, like the Koa server), or the same path on the Cairn server.
 * Electron-free so it is tested under plain Node.
 */
export function resolveAppRequest(requestUrl: string, rendererDir: string, serverUrl: string): AppRequestTarget {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { kind: 'reject' };
  }
  if (`${url.protocol}//${url.host}` !== APP_ORIGIN) return { kind: 'reject' };
  if (SERVER_PATHS.test(url.pathname)) {
    return { kind: 'proxy', url: new URL(url.pathname + url.search, serverUrl).toString() };
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'reject' };
  }
  if (decoded.includes('\0')) return { kind: 'reject' };
  const root = path.resolve(rendererDir);
  if (!path.extname(decoded)) return { kind: 'file', file: path.join(root, 'index.html') };
  const file = path.resolve(root, `.${decoded}`);
  if (!file.startsWith(root + path.sep)) return { kind: 'reject' };
  return { kind: 'file', file };
}

/** Only web pages may be handed to the system browser (never file:, javascript:, custom schemes). */
export function isExternalUrl(raw: string): boolean {
  try {
    const { protocol } = new URL(raw);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Why a server address was refused: the renderer shows each in the user's language. */
export type ServerAddressProblem = 'invalid_url' | 'unreachable' | 'not_cairn' | 'from_env';

export type ServerAddressResult = { ok: true; serverUrl: string } | { ok: false; problem: ServerAddressProblem };

/**
 * Reads what a user typed as their Cairn server's address: `https://` is assumed when no scheme is
 * given; only http(s) without credentials is accepted; the origin is kept (the API lives under
 * `/api/v2` of it). Null when it cannot be a server address. Shared by the window and the main process.
 */
export function parseServerAddress(raw: string): string | null {
  const text = raw.trim();
  if (!text || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !url.hostname) return null;
  return url.origin;
}

/** Where the desktop app finds its Cairn server: CAIRN_SERVER_URL, else a local default install. */
export function serverUrlFrom(env: NodeJS.ProcessEnv): string {
  const raw = env.CAIRN_SERVER_URL?.trim();
  if (!raw) return 'http://127.0.0.1:8080';
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('CAIRN_SERVER_URL must be an http(s) URL');
  return url.origin;
}

import path from 'node:path';
import { readJsonFile } from './upload-queue/atomic-file';

export interface ServerSetting {
  serverUrl: string;
  source: 'env' | 'setting' | 'default';
}

const DEFAULT_SERVER = 'http://127.0.0.1:8080';

/** Accepts only an http(s) address; keeps its origin (the API lives under `/api/v2` of it). */
export function parseServerUrl(raw: string, what = 'The server address'): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`${what} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${what} must be an http(s) URL`);
  return url.origin;
}

/**
 * Where the desktop app finds its Cairn server: CAIRN_SERVER_URL, else `serverUrl` in
 * `settings.json` in the app's data folder, else a server on this machine.
 */
export function serverUrlFrom(env: NodeJS.ProcessEnv, dataDir: string): ServerSetting {
  const fromEnv = env.CAIRN_SERVER_URL?.trim();
  if (fromEnv) return { serverUrl: parseServerUrl(fromEnv, 'CAIRN_SERVER_URL'), source: 'env' };
  const saved = readJsonFile(path.join(dataDir, 'settings.json')) as { serverUrl?: unknown } | undefined;
  if (typeof saved?.serverUrl === 'string') return { serverUrl: parseServerUrl(saved.serverUrl), source: 'setting' };
  return { serverUrl: DEFAULT_SERVER, source: 'default' };
}

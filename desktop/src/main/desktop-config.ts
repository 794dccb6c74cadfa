import path from 'node:path';
import { parseServerAddress } from '../shared/server-address';
import { readJsonFile, writeFileAtomic } from './upload-queue/atomic-file';

export interface ServerSetting {
  /** Null on a first run: the window then asks for the address. */
  serverUrl: string | null;
  source: 'env' | 'setting' | 'none';
}

const settingsFile = (dataDir: string) => path.join(dataDir, 'settings.json');

/** Accepts only an http(s) address; keeps its origin (the API lives under `/api/v2` of it). */
export function parseServerUrl(raw: string, what = 'The server address'): string {
  const url = parseServerAddress(raw);
  if (!url) throw new Error(`${what} is not an http(s) URL`);
  return url;
}

/**
 * Where the desktop app finds its Cairn server: CAIRN_SERVER_URL, else `serverUrl` in
 * `settings.json` in the app's data folder, else nowhere yet (the window asks on first run).
 */
export function serverUrlFrom(env: NodeJS.ProcessEnv, dataDir: string): ServerSetting {
  const fromEnv = env.CAIRN_SERVER_URL?.trim();
  if (fromEnv) return { serverUrl: parseServerUrl(fromEnv, 'CAIRN_SERVER_URL'), source: 'env' };
  const saved = readJsonFile(settingsFile(dataDir)) as { serverUrl?: unknown } | undefined;
  if (typeof saved?.serverUrl === 'string') return { serverUrl: parseServerUrl(saved.serverUrl), source: 'setting' };
  return { serverUrl: null, source: 'none' };
}

/** Saves the server address in `settings.json`, keeping the file's other settings; atomic. */
export function saveServerUrl(dataDir: string, serverUrl: string): void {
  const saved = (readJsonFile(settingsFile(dataDir)) ?? {}) as Record<string, unknown>;
  writeFileAtomic(settingsFile(dataDir), JSON.stringify({ ...saved, serverUrl: parseServerUrl(serverUrl) }, null, 2));
}

/**
 * Where the CLI keeps its login: `<config dir>/cairn/config.json`, readable by the user only.
 * `CAIRN_API_URL` and `CAIRN_TOKEN` override the file, for scripts and CI.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface StoredConfig {
  apiUrl?: string;
  token?: string;
}

export const DEFAULT_API_URL = 'http://127.0.0.1:3000';

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CAIRN_CONFIG_DIR) return env.CAIRN_CONFIG_DIR;
  if (process.platform === 'win32' && env.APPDATA) return path.join(env.APPDATA, 'cairn');
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support', 'cairn');
  return path.join(env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'cairn');
}

export function configFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(configDir(env), 'config.json');
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): StoredConfig {
  try {
    return JSON.parse(fs.readFileSync(configFile(env), 'utf8')) as StoredConfig;
  } catch {
    return {};
  }
}

/** Writes atomically (temporary file, then rename) with mode 0600 in a 0700 folder. */
export function writeConfig(config: StoredConfig, env: NodeJS.ProcessEnv = process.env): string {
  const file = configFile(env);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(temporary, 0o600);
  fs.renameSync(temporary, file);
  return file;
}

/** The server and token to use: the environment first, then the stored login. */
export function resolveCredentials(env: NodeJS.ProcessEnv = process.env): { apiUrl: string; token?: string } {
  const stored = readConfig(env);
  return {
    apiUrl: env.CAIRN_API_URL || stored.apiUrl || DEFAULT_API_URL,
    token: env.CAIRN_TOKEN || stored.token,
  };
}

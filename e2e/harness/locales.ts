import fs from 'node:fs';
import path from 'node:path';
import { LOCALES_DIR } from './paths';

/** Reads a translated string the way the UI does, so tests follow the locale files. */
export function translation(language: string, namespace: string, key: string): string {
  const data = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], data);
  if (typeof value !== 'string') throw new Error(`No ${language}/${namespace}:${key}`);
  return value;
}

/** en translation shortcut. */
export const en = (namespace: string, key: string) => translation('en', namespace, key);

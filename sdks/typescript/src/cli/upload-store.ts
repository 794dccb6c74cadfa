/**
 * The URLs of unfinished resumable uploads, kept in `<config dir>/uploads.json` (mode 0600) by
 * server and file fingerprint, so running the same `cairn upload` again after Ctrl-C or a crash
 * continues where the server stands.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ResumableUrlStore } from '../resources/resumable';
import { configDir } from './config';

type Kept = Record<string, string>;

export function fileUploadStore(apiUrl: string, env: NodeJS.ProcessEnv = process.env): ResumableUrlStore {
  const file = path.join(configDir(env), 'uploads.json');
  const read = (): Kept => {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8')) as Kept;
    } catch {
      return {};
    }
  };
  const write = (kept: Kept) => {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(temporary, file);
  };
  const key = (fingerprint: string) => `${apiUrl} ${fingerprint}`;
  return {
    get: (fingerprint) => read()[key(fingerprint)],
    set: (fingerprint, url) => write({ ...read(), [key(fingerprint)]: url }),
    remove: (fingerprint) => {
      const kept = read();
      delete kept[key(fingerprint)];
      write(kept);
    },
  };
}

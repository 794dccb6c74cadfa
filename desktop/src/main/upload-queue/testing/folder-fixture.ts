import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Writes `count` files of 1–4 KB of random bytes (all different) into nested folders under `folder`. */
export function writeSmallFiles(folder: string, count: number): string[] {
  const files: string[] = [];
  for (let index = 0; index < count; index++) {
    const dir = path.join(folder, `d${index % 20}`, `e${index % 7}`);
    if (index < 140) fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `f${index}.bin`);
    fs.writeFileSync(file, crypto.randomBytes(1024 + crypto.randomInt(3073)));
    files.push(file);
  }
  return files;
}

/** The CIDv0 a default `ipfs add` gives each file (`ipfs_cid`), a few processes at a time. */
export async function ipfsAddCids(files: readonly string[], parallel = 3): Promise<Map<string, string>> {
  const cids = new Map<string, string>();
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const { stdout } = await run('ipfs_cid', [file]);
      cids.set(file, (JSON.parse(stdout) as { CIDv0: string }).CIDv0);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return cids;
}

import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A temporary folder for one test file's fixtures; `remove()` deletes it. */
export function tempDir(prefix = 'cairn-sdk-test-'): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export function randomFile(dir: string, name: string, bytes: number): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, crypto.randomBytes(bytes));
  return file;
}

/** The `site/` folder of the scenario: index.html, css/a.css and a 70 KiB img/logo.bin. */
export function makeSite(dir: string): { root: string; bytes: number } {
  const root = path.join(dir, 'site');
  fs.mkdirSync(path.join(root, 'css'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), `<!doctype html><title>${crypto.randomUUID()}</title>\n`);
  fs.writeFileSync(path.join(root, 'css', 'a.css'), `body { color: #${crypto.randomBytes(3).toString('hex')}; }\n`);
  randomFile(root, 'img/logo.bin', 70 * 1024);
  const bytes = ['index.html', 'css/a.css', 'img/logo.bin'].reduce((sum, f) => sum + fs.statSync(path.join(root, f)).size, 0);
  return { root, bytes };
}

/** The CIDs `ipfs_cid FILE` prints (`{"CIDv0": …, "CIDv1": …}`), or undefined where the command is missing. */
export function ipfsCid(file: string): { CIDv0: string; CIDv1: string } | undefined {
  let out: string;
  try {
    out = execFileSync('ipfs_cid', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return undefined;
  }
  return JSON.parse(out) as { CIDv0: string; CIDv1: string };
}

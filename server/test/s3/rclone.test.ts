// rclone (Debian's package) with an S3 remote on Cairn: copy, sync, check and lsjson.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rclone, scratchDir } from './clients';
import { startS3Server, type S3TestServer } from './s3-harness';

interface Listed {
  Path: string;
  Name: string;
  Size: number;
  IsDir: boolean;
}

describe('rclone', () => {
  let s3: S3TestServer;
  let remote: ReturnType<typeof rclone>;
  let scratch: ReturnType<typeof scratchDir>;
  beforeAll(async () => {
    s3 = await startS3Server();
    remote = rclone(s3);
    scratch = scratchDir();
  }, 600_000);
  afterAll(async () => {
    remote?.remove();
    scratch?.remove();
    await s3?.close();
  });

  const ok = async (args: string[]) => {
    const result = await remote.run(args, { timeoutMs: 300_000 });
    expect(result.code, `rclone ${args.join(' ')}\n${result.stderr}`).toBe(0);
    return result;
  };

  it('copies, syncs and checks a folder, and lists it as JSON', async () => {
    const local = path.join(scratch.dir, 'backup');
    const files: Record<string, Buffer> = {
      'notes.txt': Buffer.from('first notes\n'),
      'photos/one.jpg': crypto.randomBytes(200_000),
      'photos/two.jpg': crypto.randomBytes(70_000),
      // Over rclone's 200 MiB default cut-over would be slow here: a 6 MiB file with a 5 MiB
      // cut-over (--s3-upload-cutoff) goes up in parts.
      'archive/big.bin': crypto.randomBytes(6 * 1024 * 1024),
      'empty.txt': Buffer.alloc(0),
    };
    for (const [name, bytes] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(local, name)), { recursive: true });
      fs.writeFileSync(path.join(local, name), bytes);
    }
    await ok(['mkdir', 'cairn:backups']);
    await ok(['copy', local, 'cairn:backups/daily', '--s3-upload-cutoff', '5M', '--s3-chunk-size', '5M']);

    const listed = JSON.parse((await ok(['lsjson', '-R', '--files-only', 'cairn:backups/daily'])).stdout) as Listed[];
    const bySize = Object.fromEntries(listed.map((entry) => [entry.Path, entry.Size]));
    expect(bySize).toEqual(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, bytes.length])));
    const top = JSON.parse((await ok(['lsjson', 'cairn:backups/daily'])).stdout) as Listed[];
    expect(top.map((entry) => `${entry.Name}${entry.IsDir ? '/' : ''}`).sort()).toEqual(['archive/', 'empty.txt', 'notes.txt', 'photos/']);

    // check reads both sides' hashes (MD5 on S3: the ETag, or rclone's own metadata for parts).
    const checked = await ok(['check', local, 'cairn:backups/daily']);
    expect(checked.stderr).toContain('0 differences found');
    expect(checked.stderr).toContain(`${Object.keys(files).length} matching files`);
    const downloaded = await ok(['check', '--download', local, 'cairn:backups/daily']);
    expect(downloaded.stderr).toContain('0 differences found');

    // sync makes the remote the folder: a changed file sent, a removed one deleted, the rest left.
    fs.writeFileSync(path.join(local, 'notes.txt'), 'second notes, longer\n');
    fs.rmSync(path.join(local, 'photos', 'two.jpg'));
    const synced = await ok(['sync', local, 'cairn:backups/daily', '-v', '--s3-upload-cutoff', '5M', '--s3-chunk-size', '5M']);
    expect(synced.stderr).toMatch(/notes\.txt: Copied \(replaced existing\)/);
    expect(synced.stderr).toMatch(/photos\/two\.jpg: Deleted/);
    expect(synced.stderr).not.toMatch(/big\.bin: Copied/);
    const after = await ok(['check', local, 'cairn:backups/daily']);
    expect(after.stderr).toContain('0 differences found');
    const names = (JSON.parse((await ok(['lsjson', '-R', '--files-only', 'cairn:backups/daily'])).stdout) as Listed[]).map((e) => e.Path);
    expect(names.sort()).toEqual(['archive/big.bin', 'empty.txt', 'notes.txt', 'photos/one.jpg']);

    // A remote file that differs is found.
    fs.writeFileSync(path.join(local, 'notes.txt'), 'third notes, not sent\n');
    const differs = await remote.run(['check', local, 'cairn:backups/daily'], { timeoutMs: 300_000 });
    expect(differs.code).not.toBe(0);
    expect(differs.stderr).toContain('1 differences found');

    const copiedBack = path.join(scratch.dir, 'restored');
    await ok(['copy', 'cairn:backups/daily', copiedBack]);
    expect(fs.readFileSync(path.join(copiedBack, 'archive', 'big.bin')).equals(files['archive/big.bin']!)).toBe(true);
    expect(fs.readFileSync(path.join(copiedBack, 'notes.txt'), 'utf8')).toBe('second notes, longer\n');
  }, 600_000);
});

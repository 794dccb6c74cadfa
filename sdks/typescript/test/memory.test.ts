/**
 * Uploading a large file keeps the SDK process's memory flat: the child process uploads 256 MiB
 * from disk to a local server that throws the bytes away, and reports its peak RSS.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './harness';
import { tempDir } from './fixtures';

const MIB = 1024 * 1024;

describe('upload memory', () => {
  let server: http.Server;
  let base: string;
  const temp = tempDir();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let size = 0;
      req.on('data', (chunk: Buffer) => (size += chunk.length));
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ size }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    temp.remove();
  });

  it('stays well under the file size while streaming 256 MiB', async () => {
    const file = path.join(temp.dir, 'big.bin');
    const out = fs.openSync(file, 'w');
    const block = Buffer.alloc(MIB, 7);
    for (let i = 0; i < 256; i++) fs.writeSync(out, block);
    fs.closeSync(out);
    const script = `
      import { Cairn } from ${JSON.stringify(path.join(repoRoot, 'sdks/typescript/src/index.ts'))};
      const before = process.memoryUsage().rss;
      const result = await new Cairn({ baseUrl: process.env.URL, token: 'cairn_x' }).uploads.file(process.env.FILE);
      console.log(JSON.stringify({ size: result.size, before, peak: process.resourceUsage().maxRSS * 1024 }));`;
    // Asynchronous: the server answering the child runs in this process.
    const child = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repoRoot,
      env: { ...process.env, URL: base, FILE: file },
      encoding: 'utf8',
      timeout: 120_000,
    });
    const { size, before, peak } = JSON.parse(child.stdout) as { size: number; before: number; peak: number };
    expect(size).toBeGreaterThan(256 * MIB);
    // The process's own start-up is not the upload's: what the upload adds must stay small.
    expect(peak - before).toBeLessThan(64 * MIB);
  }, 150_000);
});

/**
 * Uploading a large file keeps the SDK process's memory flat: a child process uploads 256 MiB
 * from disk, as one request to a local server that throws the bytes away, and resumably to a live
 * Cairn server, and reports its peak RSS against its RSS before the upload.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, signUp, startHarness, type Harness } from './harness';
import { tempDir } from './fixtures';

const MIB = 1024 * 1024;
/**
 * What an upload may add to the process's RSS: its two read buffers, the sockets' and the
 * allocator's slack. Buffers read afresh for each chunk, or fetch's machinery, go well over it.
 */
const UPLOAD_RSS_LIMIT = 24 * MIB;

async function peakOfUpload(method: 'file' | 'resumable', url: string, token: string, file: string) {
  const script = `
    import { Cairn } from ${JSON.stringify(path.join(repoRoot, 'sdks/typescript/src/index.ts'))};
    const before = process.memoryUsage().rss;
    const result = await new Cairn({ baseUrl: process.env.URL, token: process.env.TOKEN }).uploads.${method}(process.env.FILE);
    console.log(JSON.stringify({ size: result.size, before, peak: process.resourceUsage().maxRSS * 1024 }));`;
  // Asynchronous: the server answering the child may run in this process.
  const child = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: { ...process.env, URL: url, TOKEN: token, FILE: file },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return JSON.parse(child.stdout) as { size: number; before: number; peak: number };
}

describe('upload memory', () => {
  let server: http.Server;
  let base: string;
  let harness: Harness;
  const temp = tempDir();
  const file = path.join(temp.dir, 'big.bin');

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
    const out = fs.openSync(file, 'w');
    const block = Buffer.alloc(MIB);
    for (let i = 0; i < 256; i++) fs.writeSync(out, block.fill(i));
    fs.closeSync(out);
    harness = await startHarness();
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await harness?.stop();
    temp.remove();
  });

  it('stays flat while streaming 256 MiB in one request', async () => {
    const { size, before, peak } = await peakOfUpload('file', base, 'cairn_x', file);
    expect(size).toBeGreaterThan(256 * MIB);
    // The process's own start-up is not the upload's: what the upload adds must stay small.
    expect(peak - before).toBeLessThan(UPLOAD_RSS_LIMIT);
  }, 150_000);

  it('stays flat while uploading 256 MiB resumably, chunk after chunk', async () => {
    const { session } = await signUp(harness.url);
    const { size, before, peak } = await peakOfUpload('resumable', harness.url, session, file);
    expect(size).toBe(256 * MIB);
    expect(peak - before).toBeLessThan(UPLOAD_RSS_LIMIT);
  }, 150_000);
});

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Resident set size of a process in bytes (worker threads included: they share the process). */
export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** Runs `work` while sampling the RSS of `pid` every 50 ms; growth = peak minus the RSS before. */
export async function withRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; growthMb: number; baseMb: number }> {
  const base = rssOf(pid);
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
  try {
    const result = await work();
    peak = Math.max(peak, rssOf(pid));
    return { result, growthMb: (peak - base) / 1e6, baseMb: base / 1e6 };
  } finally {
    clearInterval(timer);
  }
}

/** Runs a command to completion; returns its wall time and stdout. */
export function timed(command: string, args: string[], quietStderr = false): Promise<{ seconds: number; stdout: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', quietStderr ? 'ignore' : 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve({ seconds: (performance.now() - started) / 1000, stdout }) : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}

/**
 * Writes every dirty page on the machine to disk (`sync`): called before each timed step, so that
 * no step pays for the block files an earlier one left to be written or freed (a collection, or
 * other peers' copies).
 */
export async function settleDisks(): Promise<void> {
  await timed('sync', []);
}

export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;
export const mibPerSecond = (bytes: number, seconds: number): number => bytes / MiB / seconds;

/** `ipfs_cid` (Rust, reads the file and computes a default `ipfs add` CID): the ingest reference. */
export async function ipfsCidMibs(file: string, bytes: number): Promise<number> {
  // It prints its own timings on stderr.
  return mibPerSecond(bytes, (await timed('ipfs_cid', [file], true)).seconds);
}

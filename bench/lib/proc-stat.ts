import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/** CPU time (user + system, every thread of the process) in seconds, from /proc/<pid>/stat. */
export function cpuSecondsOf(pid: number): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces and parentheses: the fields start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name and state.
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** The ids of the threads the process runs now. */
export function threadIdsOf(pid: number): string[] {
  return readdirSync(`/proc/${pid}/task`);
}

/**
 * Runs `work` while listing the threads of `pid` every 20 ms: `started` counts thread ids seen
 * during the work that the process did not run before it (a short-lived thread between two
 * samples can be missed, a thread started and kept cannot).
 */
export async function withThreads<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; before: number; started: number; peak: number }> {
  const before = new Set(threadIdsOf(pid));
  const seen = new Set<string>();
  let peak = before.size;
  const sample = (): void => {
    const ids = threadIdsOf(pid);
    peak = Math.max(peak, ids.length);
    for (const id of ids) if (!before.has(id)) seen.add(id);
  };
  const timer = setInterval(sample, 20);
  try {
    const result = await work();
    sample();
    return { result, before: before.size, started: seen.size, peak };
  } finally {
    clearInterval(timer);
  }
}

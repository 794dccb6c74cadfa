import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Bytes the files under `dir` take on disk (allocated blocks, as `du` counts them), `exclude` patterns left out. */
export function diskBytes(dir: string, exclude: string[] = []): number {
  const args = ['-s', '--block-size=1', ...exclude.map((pattern) => `--exclude=${pattern}`), dir];
  return Number(execFileSync('du', args).toString().split('\t')[0]);
}

/** The bytes the files of `dir` (not its folders) whose names `keep` hold, by their length rather than their allocation. */
export function fileBytes(dir: string, keep: (name: string) => boolean): number {
  return readdirSync(dir)
    .filter(keep)
    .reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
}

/** Every table of a PostgreSQL database with its rows, heap, index and TOAST bytes. */
export async function tableSizes(url: string): Promise<Map<string, { total: number; indexes: number }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; total: string; indexes: string }>(
      `SELECT c.relname AS name, pg_total_relation_size(c.oid) AS total, pg_indexes_size(c.oid) AS indexes
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND n.nspname = 'public'`,
    );
    return new Map(rows.map((row) => [row.name, { total: Number(row.total), indexes: Number(row.indexes) }]));
  } finally {
    await client.end();
  }
}

/** What grew between two `tableSizes`, largest first: `[table, total bytes, index bytes]`. */
export function growth(
  before: Map<string, { total: number; indexes: number }>,
  after: Map<string, { total: number; indexes: number }>,
): Array<[string, number, number]> {
  return [...after]
    .map(([name, size]): [string, number, number] => [
      name,
      size.total - (before.get(name)?.total ?? 0),
      size.indexes - (before.get(name)?.indexes ?? 0),
    ])
    .filter(([, total]) => total > 0)
    .sort((a, b) => b[1] - a[1]);
}

/** The process named `command` whose environment holds `entry` (`IPFS_PATH=<dir>` for a Kubo daemon), or null. */
export function pidOf(command: string, entry: string): number | null {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() !== command) continue;
      if (readFileSync(`/proc/${name}/environ`, 'utf8').split('\0').includes(entry)) return Number(name);
    } catch {
      // Gone since the listing, or not ours to read.
    }
  }
  return null;
}

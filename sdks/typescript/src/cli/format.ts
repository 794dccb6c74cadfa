/** Human-readable sizes, rates and durations for the CLI's output. */
const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/**
 * "1.2 MiB of 5.0 MiB used (24.0%)"; over the limit (an account moved to a smaller plan), the real
 * share and the excess, "14.3 MiB of 10.2 MiB used (140.2%, 4.1 MiB over)", where the API's
 * `percent` stops at 100.
 */
export function formatUsage(used: number, limit: number): string {
  const over = used - limit;
  const share = limit > 0 ? `${((used / limit) * 100).toFixed(1)}%` : null;
  const detail = over > 0 ? [share, `${formatBytes(over)} over`].filter(Boolean).join(', ') : (share ?? '100.0%');
  return `${formatBytes(used)} of ${formatBytes(limit)} used (${detail})`;
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** Rows as aligned columns. */
export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n');
}

import type { TransferItem, TransfersView } from '../../shared/desktop-bridge';
import type { QueueBlock, QueueItem } from '../upload-queue/queue-types';
import type { SpeedMeter } from './speed-meter';

/** Items sent to the screen at most: a 10,000-file batch is shown by its totals, not row by row. */
export const VIEW_LIMIT = 300;

const ORDER: Record<QueueItem['status'], number> = { running: 0, failed: 1, paused: 2, queued: 3, done: 4 };

function present(item: QueueItem): TransferItem {
  return {
    id: item.id,
    name: item.name,
    kind: item.kind,
    size: item.size,
    sentBytes: item.sentBytes,
    status: item.status,
    cid: item.cid ?? null,
    duplicate: item.duplicate ?? false,
    error: item.error ?? null,
  };
}

/** What the Transfers screen shows: totals over every item, and the items that matter most first. */
export function buildTransfersView(items: readonly QueueItem[], blocked: QueueBlock | null, meter: SpeedMeter, now: number): TransfersView {
  const totals = { items: items.length, done: 0, failed: 0, bytes: 0, sentBytes: 0 };
  for (const item of items) {
    totals.bytes += item.size;
    totals.sentBytes += item.status === 'done' ? item.size : item.sentBytes;
    if (item.status === 'done') totals.done++;
    if (item.status === 'failed') totals.failed++;
  }
  const bytesPerSecond = meter.sample(now, totals.sentBytes);
  const remaining = items.reduce(
    (sum, item) => sum + (item.status === 'queued' || item.status === 'running' ? item.size - item.sentBytes : 0),
    0,
  );
  const shown = [...items]
    .sort((a, b) => ORDER[a.status] - ORDER[b.status] || (a.status === 'done' ? (b.finishedAt ?? 0) - (a.finishedAt ?? 0) : 0))
    .slice(0, VIEW_LIMIT)
    .map(present);
  return {
    items: shown,
    totals,
    bytesPerSecond: Math.round(bytesPerSecond),
    etaSeconds: bytesPerSecond > 0 && remaining > 0 ? Math.ceil(remaining / bytesPerSecond) : null,
    blocked,
  };
}

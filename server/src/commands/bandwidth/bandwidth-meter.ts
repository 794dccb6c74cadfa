import type { Clock } from '../../jobs/clock';
import type { Logger } from '../../lib/logger';
import type { BandwidthCount, BandwidthStore, ChargedRecord, EgressStanding } from '../../stores/bandwidth-store';

export interface BandwidthMeterOptions {
  /** How often the counts gathered in memory are added to the database. */
  flushMs: number;
  /** Off: nothing is counted or limited (`BANDWIDTH_COUNTING=false`). */
  enabled: boolean;
}

/** A flush starts early once this many record-days wait in memory. */
const FLUSH_AT_KEYS = 5_000;
/** Past this many waiting record-days (a database that keeps failing), new ones are dropped, not kept. */
const MAX_KEYS = 50_000;
/** How long an account's allowance and month total, and a CID's charged record, are trusted from memory. */
const CACHE_MS = 10_000;
const MAX_CACHED = 20_000;

export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
export const monthStart = (ms: number): string => `${utcDay(ms).slice(0, 7)}-01`;

interface Cached<T> {
  value: T;
  at: number;
}

/**
 * Counts the gateway's requests and body bytes per record and UTC day in memory and adds them to
 * the database in batches: never a write per request. A flush that fails keeps its counts for the
 * next one. Also answers, from memory, whether an account is past its monthly allowance: the
 * month's total read at most every `CACHE_MS`, plus what this process counted since.
 */
export class BandwidthMeter {
  private pending = new Map<string, BandwidthCount>();
  /** Bytes counted by this process and not yet in the database, per account and month. */
  private unflushed = new Map<string, number>();
  private standings = new Map<string, Cached<EgressStanding>>();
  private charged = new Map<string, Cached<ChargedRecord | null>>();
  private flushing: Promise<void> | null = null;
  /** Bumped by every successful flush: a standing read across one may or may not hold its counts. */
  private flushes = 0;
  private timer: NodeJS.Timeout | null = null;
  dropped = 0;

  constructor(
    private readonly store: BandwidthStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
    readonly options: BandwidthMeterOptions,
  ) {}

  start(): void {
    if (!this.options.enabled || this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.options.flushMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left (one try: a database that is down loses the rest). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flushing;
    await this.flush();
  }

  /** The record a download of this root CID is charged to, from memory when read lately. */
  async chargedRecord(cid: string): Promise<ChargedRecord | null> {
    const now = this.clock.now();
    const hit = this.charged.get(cid);
    if (hit && now - hit.at < CACHE_MS) return hit.value;
    const value = await this.store.chargedRecord(cid);
    if (this.charged.size >= MAX_CACHED) this.charged.clear();
    this.charged.set(cid, { value, at: now });
    return value;
  }

  /** The account's allowance and this month's bytes so far, counted here but not yet written included. */
  async standing(userId: string): Promise<EgressStanding> {
    const now = this.clock.now();
    const month = monthStart(now);
    const key = `${userId}|${month}`;
    let hit = this.standings.get(key);
    if (!hit || now - hit.at >= CACHE_MS) {
      const flushes = this.flushes;
      const value = await this.store.standing(userId, month);
      hit = { value, at: now };
      // A flush that ended meanwhile may be in the total read and in `unflushed` at once: read again next time.
      if (flushes === this.flushes) {
        if (this.standings.size >= MAX_CACHED) this.standings.clear();
        this.standings.set(key, hit);
      }
    }
    return { ...hit.value, usedBytes: hit.value.usedBytes + (this.unflushed.get(key) ?? 0) };
  }

  /** Counts one answer of the gateway for a record: `bytes` its body bytes written to the socket. */
  add(record: ChargedRecord, bytes: number): void {
    if (!this.options.enabled) return;
    const now = this.clock.now();
    const day = utcDay(now);
    const key = `${record.uploadId}|${day}`;
    const count = this.pending.get(key);
    if (count) {
      count.bytes += bytes;
      count.requests += 1;
    } else if (this.pending.size >= MAX_KEYS) {
      this.dropped += 1;
      return;
    } else {
      this.pending.set(key, { uploadId: record.uploadId, userId: record.userId, day, bytes, requests: 1 });
    }
    const account = `${record.userId}|${monthStart(now)}`;
    this.unflushed.set(account, (this.unflushed.get(account) ?? 0) + bytes);
    if (this.pending.size >= FLUSH_AT_KEYS) void this.flush();
  }

  /** Adds the counts gathered so far to the database; one flush at a time. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.pending.size === 0) return Promise.resolve();
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.write(batch).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async write(batch: Map<string, BandwidthCount>): Promise<void> {
    try {
      await this.store.add([...batch.values()]);
    } catch (error) {
      // Kept for the next flush, merged with what came meanwhile.
      for (const [key, count] of batch) {
        const later = this.pending.get(key);
        if (later) {
          later.bytes += count.bytes;
          later.requests += count.requests;
        } else this.pending.set(key, count);
      }
      this.logger.warn('bandwidth flush failed', { error: String(error), keys: batch.size });
      return;
    }
    this.flushes += 1;
    for (const count of batch.values()) {
      const key = `${count.userId}|${count.day.slice(0, 7)}-01`;
      const left = (this.unflushed.get(key) ?? 0) - count.bytes;
      if (left > 0) this.unflushed.set(key, left);
      else this.unflushed.delete(key);
      const cached = this.standings.get(key);
      if (cached) cached.value = { ...cached.value, usedBytes: cached.value.usedBytes + count.bytes };
    }
  }

  /** Record-days waiting in memory. */
  get waiting(): number {
    return this.pending.size;
  }
}

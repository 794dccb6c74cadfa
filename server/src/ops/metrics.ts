import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/database';

export interface Metrics {
  readonly registry: Registry;
  request(method: string, route: string, status: number, ms: number): void;
  /** A finished upload request: `stored`, `duplicate` or the error code that refused it. */
  upload(result: string, bytes: number): void;
  /** A content engine failure that was not a refusal of ours (a 5xx or a failed pin). */
  engineError(operation: string): void;
}

/**
 * Prometheus metrics of one server (its own registry: tests run several servers in one process).
 * The pin queue depth, the outbox's jobs and the last usage check are read from the database when
 * scraped, so every instance reports the same, shared figures.
 */
export function createMetrics(db: Db): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'cairn_' });
  const requests = new Counter({
    name: 'cairn_http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'cairn_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const uploads = new Counter({
    name: 'cairn_uploads_total',
    help: 'Upload requests by result',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const uploadBytes = new Counter({ name: 'cairn_upload_bytes_total', help: 'Bytes of stored uploads', registers: [registry] });
  const engineErrors = new Counter({
    name: 'cairn_engine_errors_total',
    help: 'Content engine failures, by operation',
    labelNames: ['operation'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'cairn_pin_queue_depth',
    help: 'Pin jobs queued or running, over all instances',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom('pin_jobs')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', 'in', ['queued', 'pinning'])
        .groupBy('status')
        .execute();
      this.reset();
      this.set({ status: 'queued' }, 0);
      this.set({ status: 'pinning' }, 0);
      for (const row of rows) this.set({ status: row.status }, Number(row.n));
    },
  });
  new Gauge({
    name: 'cairn_content_jobs',
    help: 'Outbox jobs of the content engine, over all instances: pending (with uploads still streaming), running, failed (given up, for an operator)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom('jobs')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('kind', '=', 'release')
        .groupBy('status')
        .execute();
      this.reset();
      for (const status of ['pending', 'running', 'failed'] as const) this.set({ status }, 0);
      for (const row of rows) this.set({ status: row.status }, Number(row.n));
    },
  });
  // The last usage check, whichever instance ran it: every instance reports the same figures.
  const lastUsageCheck = () =>
    db
      .selectFrom('usage_checks')
      .select(['accounts_off', 'bytes_off', 'accounts_repaired', 'finished_at'])
      .orderBy('finished_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  new Gauge({
    name: 'cairn_usage_drift_accounts',
    help: 'Accounts whose usage differed from the sum of their records at the last usage check (before it set them right)',
    registers: [registry],
    async collect() {
      this.set(Number((await lastUsageCheck())?.accounts_off ?? 0));
    },
  });
  new Gauge({
    name: 'cairn_usage_drift_bytes',
    help: 'Bytes by which the accounts usage differed from the sum of their records at the last usage check, summed',
    registers: [registry],
    async collect() {
      this.set(Number((await lastUsageCheck())?.bytes_off ?? 0));
    },
  });
  new Gauge({
    name: 'cairn_usage_repaired_accounts',
    help: 'Accounts whose usage the last usage check set to the sum of their records',
    registers: [registry],
    async collect() {
      this.set(Number((await lastUsageCheck())?.accounts_repaired ?? 0));
    },
  });
  new Gauge({
    name: 'cairn_usage_check_timestamp_seconds',
    help: 'When the last usage check ended (0 before the first): an old one means checks stopped',
    registers: [registry],
    async collect() {
      const last = await lastUsageCheck();
      this.set(last ? Date.parse(last.finished_at) / 1000 : 0);
    },
  });
  return {
    registry,
    request(method, route, status, ms) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, ms / 1000);
    },
    upload(result, bytes) {
      uploads.inc({ result });
      if (bytes > 0) uploadBytes.inc(bytes);
    },
    engineError(operation) {
      engineErrors.inc({ operation });
    },
  };
}

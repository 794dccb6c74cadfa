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
 * The pin queue depth and the outbox's jobs are read from the database when scraped, so every
 * instance reports the same, shared queues.
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
        .selectFrom('content_jobs')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('status')
        .execute();
      this.reset();
      for (const status of ['pending', 'running', 'failed'] as const) this.set({ status }, 0);
      for (const row of rows) this.set({ status: row.status }, Number(row.n));
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

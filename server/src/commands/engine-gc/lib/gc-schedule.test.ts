import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineUnderTest } from '../../../../test/engines';
import { DRIVERS, startTestServer, type TestServer } from '../../../../test/harness';
import { contentConfig } from '../../../config/content-config';
import { HOLD_PREFIX } from '../../../lib/engine-gc-lock';
import { startCollection } from '../garbage-collector';
import { nextCollectionAt, scheduledCollection } from './gc-schedule';
import { eventually } from '../../../../test/eventually';

const HOUR = 3600_000;

describe.each(DRIVERS)('scheduled engine garbage collection (kubo engine, %s)', (driver) => {
  let engine: EngineUnderTest;
  let server: TestServer;
  let looping: TestServer;
  beforeAll(async () => {
    engine = await startEngine('kubo');
    const content = contentConfig({ contentEngine: 'kubo', kuboApiUrl: engine.kubo!.apiUrl }, (message) => {
      throw new Error(message);
    });
    server = await startTestServer({ driver, config: { content, engineGcIntervalMs: 24 * HOUR } });
    // Another deployment on the same Kubo whose maintenance finds a collection due within a second.
    looping = await startTestServer({ driver, config: { content, engineGcIntervalMs: 1_000, maintenanceIntervalMs: 300 } });
  }, 120_000);
  afterAll(async () => {
    await looping?.close();
    await server?.close();
    await engine?.stop();
  }, 60_000);

  it('runs one when the last finished run is older than the interval, and records it', async () => {
    const app = server.app;
    const start = Date.now();
    expect(await scheduledCollection(app, start, start + HOUR)).toBe(false);
    expect(await app.stores.engineGcRuns.recent(10)).toEqual([]);

    expect(await scheduledCollection(app, start, start + 25 * HOUR)).toBe(true);
    const [run] = await app.stores.engineGcRuns.recent(10);
    expect(run).toMatchObject({ trigger: 'schedule', status: 'done', engine: 'kubo', instance_id: app.instanceId, error: null });
    expect(run!.blocks_removed).toBeGreaterThanOrEqual(0);
    expect(Date.parse(run!.finished_at!)).toBeGreaterThanOrEqual(Date.parse(run!.started_at));
    // Counted from that run now, not from the start.
    expect(await nextCollectionAt(app, start)).toBe(Date.parse(run!.finished_at!) + 24 * HOUR);
    expect(await scheduledCollection(app, start, Date.now() + 23 * HOUR)).toBe(false);
  });

  it('tries a busy run again after an hour rather than a whole interval', async () => {
    const app = server.app;
    const now = Date.now();
    await app.stores.leases.acquire(
      `${HOLD_PREFIX}slow-upload`,
      'another instance',
      new Date(now).toISOString(),
      new Date(now + 60_000).toISOString(),
    );
    try {
      expect(await (await startCollection(app, 'schedule', { drainMs: 300 })).finished).toMatchObject({ status: 'busy' });
    } finally {
      await app.stores.leases.release(`${HOLD_PREFIX}slow-upload`, 'another instance');
    }
    const [busy] = await app.stores.engineGcRuns.recent(1);
    expect(await nextCollectionAt(app, now)).toBe(Date.parse(busy!.finished_at!) + HOUR);
  });

  it('runs none with ENGINE_GC_INTERVAL_HOURS=0', async () => {
    const app = server.app;
    const interval = app.config.engineGcIntervalMs;
    app.config.engineGcIntervalMs = 0;
    try {
      expect(await nextCollectionAt(app, 0)).toBeNull();
      expect(await scheduledCollection(app, 0, Date.now() + 1000 * HOUR)).toBe(false);
    } finally {
      app.config.engineGcIntervalMs = interval;
    }
  });

  it('ends as failed a run whose collector died, at the next collection', async () => {
    const app = server.app;
    const started = new Date(Date.now() - 1000).toISOString();
    await app.stores.engineGcRuns.start({
      id: 'dead-run',
      instance_id: 'a dead instance',
      engine: 'kubo',
      trigger: 'admin',
      started_at: started,
    });
    expect(await scheduledCollection(app, 0, Date.now() + 1000 * HOUR)).toBe(true);
    const dead = (await app.stores.engineGcRuns.recent(10)).find((run) => run.id === 'dead-run');
    expect(dead).toMatchObject({ status: 'failed', error: 'The instance running it stopped before it ended' });
  });

  it('is started by the maintenance of a running server once due', async () => {
    await eventually('a scheduled run', async () =>
      (await looping.app.stores.engineGcRuns.recent(1)).some((run) => run.trigger === 'schedule' && run.status === 'done'),
    );
  });
});

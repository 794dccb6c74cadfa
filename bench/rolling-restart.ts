import { rollingRestartScenario } from '../server/test/rolling-restart';
import type { Benchmark } from './lib/context';
import { mustBeZero } from './lib/report';

const DEFAULT_CLIENTS = 50;

/**
 * The rolling-restart scenario of `server/test/rolling-restart.test.ts` at full size: 50 clients
 * (`BENCH_ROLLING_CLIENTS`) uploading, listing, pinning and reading ranges through HAProxy in front
 * of 2 instances (`BENCH_ROLLING_INSTANCES`) on one PostgreSQL database and a Cluster of 3 peers,
 * during two rolling restarts and a `kill -9` of a Cluster peer.
 */
export const rollingRestart: Benchmark = async () => {
  const clients = Math.min(Math.max(Number(process.env.BENCH_ROLLING_CLIENTS ?? DEFAULT_CLIENTS) || DEFAULT_CLIENTS, 1), 200);
  const instances = Math.min(Math.max(Number(process.env.BENCH_ROLLING_INSTANCES ?? 2) || 2, 2), 10);
  const outcome = await rollingRestartScenario({ clients, instances, restarts: 2, log: (line) => console.log(`  ${line}`) });
  for (const failure of outcome.failures.slice(0, 20)) console.log(`  failed: client ${failure.client} ${failure.what}: ${failure.detail}`);
  for (const line of [...outcome.lost, ...outcome.extra].slice(0, 20)) console.log(`  record: ${line}`);
  if (outcome.failures.length > 0) for (const line of outcome.serverErrors.slice(0, 20)) console.log(`  ${line}`);
  const drift = outcome.drift.reduce((sum, account) => sum + Math.abs(account.used - account.recorded) + account.reserved, 0);
  const instanceOut = outcome.restarts.flat().map((timing) => timing.totalMs);
  const note =
    `${clients} clients, ${instances} instances, ${outcome.requests} requests, ${outcome.records} records, ` +
    `${(outcome.bytesUploaded / 1024 ** 2).toFixed(0)} MiB uploaded; restarts over ${(outcome.restartingMs / 1000).toFixed(1)} s; ` +
    `each instance out ${Math.min(...instanceOut) / 1000}–${Math.max(...instanceOut) / 1000} s ` +
    `(drain ${outcome.restarts
      .flat()
      .map((t) => t.drainedMs / 1000)
      .join('/')} s, start ${outcome.restarts
      .flat()
      .map((t) => t.startedMs / 1000)
      .join('/')} s); ` +
    `${outcome.killedPeer} ${outcome.peerDead ? 'killed' : 'NOT killed'}`;
  return [
    mustBeZero('rolling restart: failed requests', outcome.failures.length, 'requests'),
    mustBeZero('rolling restart: lost or extra records', outcome.lost.length + outcome.extra.length, 'records'),
    mustBeZero('rolling restart: quota drift (reservations included)', drift, 'bytes', note),
    {
      benchmark: 'rolling restart: requests served',
      value: outcome.requests,
      unit: 'requests',
      reference: null,
      referenceLabel: '',
    },
  ];
};

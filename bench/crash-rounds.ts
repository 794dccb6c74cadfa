import path from 'node:path';
import type { DbConfig } from '../server/src/config/config';
import { createDb } from '../server/src/db/database';
import { instancesOnOneDataDir, logIn, signUp, stopInstance } from '../server/test/crash';
import { checkEngine, checkRecords, emptyTally, settled, type Tally } from './lib/crash-checks';
import { workload, type Ledger } from './lib/crash-workload';
import type { Benchmark } from './lib/context';
import { mustBeZero } from './lib/report';

const DEFAULT_ROUNDS = 20;
const BONUS_BYTES = 64 * 1024 ** 3;
/** The kill comes at a random moment of the round's work, between these two. */
const KILL_AFTER_MS = { min: 150, max: 4_000 };

/**
 * `kill -9` of a real server process (`npm start`'s, SQLite and the embedded engine, one data
 * directory) at a random moment of uploads, deletes and pack compactions, `BENCH_CRASH_ROUNDS`
 * times (20 by default). After each kill the server is started again on the same data directory;
 * once its recovery is over, the records, the gateway and the quota are checked against what the
 * client was told, and then, with the server stopped, the block store against the records.
 */
export const crashRounds: Benchmark = async (env) => {
  const rounds = Math.min(Math.max(Number(process.env.BENCH_CRASH_ROUNDS ?? DEFAULT_ROUNDS) || DEFAULT_ROUNDS, 1), 100);
  const instances = instancesOnOneDataDir('crash-', { LEASE_SECONDS: '2' }, env.workDir);
  const { dataDir } = instances;
  const db: DbConfig = { driver: 'sqlite', file: path.join(dataDir, 'cairn.sqlite') };
  const start = () => instances.start();
  const ledger: Ledger = new Map();
  const tally = emptyTally();
  let killedMidRequest = 0;
  try {
    let instance = await start();
    const account = await signUp(instance.api);
    await roomFor(db, account.email);
    for (let round = 1; round <= rounds; round++) {
      const token = await logIn(instance.api, account.email, account.password);
      const killAfter = KILL_AFTER_MS.min + Math.random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min);
      const work = workload(instance, token, ledger);
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      instance.kill();
      await instance.exited;
      await work;
      killedMidRequest += [...ledger.values()].filter((e) => e.state === 'uploading' || e.state === 'deleting').length;

      instance = await start();
      await settled(db, account.email);
      const before = { ...tally };
      await checkRecords(instance, db, account.email, ledger, tally);
      await stopInstance(instance);
      await checkEngine(dataDir, db, account.email, ledger, tally);
      console.log(`  round ${round}/${rounds}: killed after ${Math.round(killAfter)} ms, ${describe(tally, before)}`);
      instance = await start();
    }
  } finally {
    await instances.cleanUp();
  }

  const states = [...ledger.values()];
  const note =
    `${rounds} rounds, ${states.length} records asked for, ${killedMidRequest} requests cut by the kill, ` +
    `${states.filter((e) => e.state === 'recorded').length} recorded and ${states.filter((e) => e.state === 'deleted').length} deleted at the end; ` +
    `failed outbox jobs ${tally.failedJobs}, blocks of deleted content left ${tally.deletedBlocksLeft}`;
  return [
    mustBeZero('kill -9: half records', tally.halfRecords, 'records'),
    mustBeZero('kill -9: quota drift (reservations included)', tally.quotaDrift, 'bytes'),
    mustBeZero('kill -9: lost files', tally.lostFiles, 'files'),
    mustBeZero('kill -9: deleted files served', tally.deletedServed, 'files', note),
  ];
};

/** Room for every round's files: the free plan's limit would turn the later rounds' uploads into 403s. */
async function roomFor(db: DbConfig, email: string): Promise<void> {
  const conn = createDb(db);
  try {
    await conn.updateTable('users').set({ bonus_bytes: BONUS_BYTES }).where('email', '=', email.toLowerCase()).execute();
  } finally {
    await conn.destroy();
  }
}

function describe(tally: Tally, before: Tally): string {
  const delta = (key: keyof Tally) => tally[key] - before[key];
  const wrong = (Object.keys(tally) as (keyof Tally)[]).filter((key) => delta(key) > 0).map((key) => `${key} +${delta(key)}`);
  return wrong.length ? wrong.join(', ') : 'all consistent';
}

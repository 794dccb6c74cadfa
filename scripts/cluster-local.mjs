// `npm run cluster:local -- --peers 3 --dir DIR [--replication-min 2 --replication-max 2]
// [--instances 2]`: N Kubo daemons and N IPFS Cluster peers on loopback, then (unless
// `--instances 0`) that many Cairn instances on the cluster engine, sharing one PostgreSQL
// database (DATABASE_URL, or a new one made with the tests' role), behind HAProxy; prints the
// engine's settings as `export` lines and the one URL to use, and runs until Ctrl-C or SIGTERM,
// which stop everything. `npm run cluster:restart -- --dir DIR` restarts the instances in turn.
// Builds the tools and the server first if needed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildTools } from './build-tools.mjs';
import { startFrontDoor } from './front-door.mjs';
import { startCluster } from './ipfs-local.mjs';
import { ensureServerBuild, ensureUiBuild } from './lib.mjs';
import { localDatabase } from './local-database.mjs';

const { values } = parseArgs({
  options: {
    peers: { type: 'string', default: '3' },
    dir: { type: 'string' },
    'replication-min': { type: 'string', default: '-1' },
    'replication-max': { type: 'string', default: '-1' },
    instances: { type: 'string', default: '2' },
    'drain-seconds': { type: 'string', default: '5' },
  },
});
const peers = Number(values.peers);
if (!Number.isInteger(peers) || peers < 1 || peers > 10) {
  console.error('--peers must be a whole number from 1 to 10');
  process.exit(2);
}
const instances = Number(values.instances);
if (!Number.isInteger(instances) || instances < 0 || instances > 10) {
  console.error('--instances must be a whole number from 0 to 10');
  process.exit(2);
}
const drainSeconds = Number(values['drain-seconds']);
const dir = path.resolve(values.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-cluster-')));

buildTools();
console.error(`Starting ${peers} Kubo daemons and ${peers} Cluster peers under ${dir}…`);
const cluster = await startCluster({
  dir,
  peers,
  replicationMin: Number(values['replication-min']),
  replicationMax: Number(values['replication-max']),
});
for (const node of cluster.nodes)
  console.error(`  ${node.name}: cluster ${node.restUrl}, kubo ${node.kubo.apiUrl}, gateway ${node.kubo.gatewayUrl}`);
for (const [name, value] of Object.entries(cluster.env)) console.log(`export ${name}=${value}`);

let frontDoor = null;
if (instances > 0) {
  // A CAIRN_STATIC_DIR of one's own (or empty: no UI) needs no build of ours.
  if (process.env.CAIRN_STATIC_DIR === undefined) ensureUiBuild();
  await ensureServerBuild();
  const database = await localDatabase(dir);
  // Sessions are signed with it: every instance needs the same, and the same after a restart.
  const secretFile = path.join(dir, 'jwt-secret');
  if (!fs.existsSync(secretFile)) fs.writeFileSync(secretFile, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  console.error(`Starting ${instances} Cairn instances on ${database.replace(/:[^:@/]+@/, ':***@')} and HAProxy…`);
  try {
    frontDoor = await startFrontDoor({
      dir,
      instances,
      drainSeconds,
      env: { ...cluster.env, DATABASE_URL: database, JWT_SECRET: fs.readFileSync(secretFile, 'utf8').trim() },
      log: (line) => console.error(`  ${line}`),
    });
  } catch (error) {
    console.error(error.message);
    await cluster.stop();
    process.exit(1);
  }
  for (const instance of frontDoor.instances) console.error(`  ${instance.name}: ${instance.url} (log ${instance.log})`);
  console.error(`  HAProxy: ${path.join(dir, 'haproxy.cfg')}`);
  console.error(`Cairn: ${frontDoor.url}  (npm run cluster:restart -- --dir ${dir} restarts the instances in turn)`);
}
console.error('Ready. Ctrl-C stops everything.');

let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.error(`${signal}: stopping ${frontDoor ? 'HAProxy, the Cairn instances, ' : ''}the Cluster and Kubo daemons…`);
  await frontDoor?.stop();
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

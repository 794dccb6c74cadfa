// `npm run cluster:local -- --peers 3 --dir DIR [--replication-min 2 --replication-max 2]`:
// N Kubo daemons and N IPFS Cluster peers on loopback; prints what Cairn needs as `export` lines
// and runs until Ctrl-C or SIGTERM, which stop everything. Builds the tools first if needed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildTools } from './build-tools.mjs';
import { startCluster } from './ipfs-local.mjs';

const { values } = parseArgs({
  options: {
    peers: { type: 'string', default: '3' },
    dir: { type: 'string' },
    'replication-min': { type: 'string', default: '-1' },
    'replication-max': { type: 'string', default: '-1' },
  },
});
const peers = Number(values.peers);
if (!Number.isInteger(peers) || peers < 1 || peers > 10) {
  console.error('--peers must be a whole number from 1 to 10');
  process.exit(2);
}
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
console.error('Ready. Ctrl-C stops everything.');

let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.error(`${signal}: stopping the Cluster and Kubo daemons…`);
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

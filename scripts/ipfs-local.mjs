// Kubo daemons and IPFS Cluster peers on loopback, for tests, benchmarks and trying Cairn's
// `kubo` and `cluster` engines by hand (`npm run cluster:local`). Everything listens on
// 127.0.0.1 at ports the system picked; no bootstrap, no mDNS, no public DHT, no autoconf.
// The binaries come from `scripts/build-tools.mjs` (`.tools/bin`).
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { TOOLS_BIN } from './build-tools.mjs';

const READY_MS = 60_000;
const STOP_MS = 8_000;

const bin = (name) => path.join(TOOLS_BIN, name);

/** A free TCP port on 127.0.0.1, as the system hands it out. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function runSync(command, args, env) {
  const result = spawnSync(command, args, { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

/**
 * Starts a process whose output goes to a log file: `{ child, started, stop() }`, where `started`
 * resolves once a line matches `ready` (each line also goes to `lines`).
 */
export function startProcess(command, args, { env, log, ready, lines = () => undefined }) {
  const out = fs.openSync(log, 'a');
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let buffered = '';
  const started = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${path.basename(command)} was not ready within ${READY_MS / 1000} s (see ${log})`)),
      READY_MS,
    );
    const onData = (data) => {
      fs.writeSync(out, data);
      buffered += data.toString();
      let newline;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        lines(line);
        if (ready.test(line)) {
          clearTimeout(timer);
          resolve();
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${path.basename(command)} exited (${code ?? signal}) before it was ready (see ${log})`));
    });
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
    await exited;
    clearTimeout(timer);
    fs.closeSync(out);
  };
  return {
    child,
    started: started.catch(async (error) => {
      await stop();
      throw error;
    }),
    stop,
  };
}

/**
 * A Kubo daemon with its repository in `dir`: `{ apiUrl, gatewayUrl, peerId, addresses, stop() }`.
 * `offline: true` starts it without networking at all.
 */
export async function startKubo({ dir, offline = false }) {
  fs.mkdirSync(dir, { recursive: true });
  const env = { IPFS_PATH: dir, IPFS_TELEMETRY: 'off' };
  if (!fs.existsSync(path.join(dir, 'config'))) {
    runSync(bin('ipfs'), ['init', '--profile=test', '--empty-repo'], env);
    runSync(bin('ipfs'), ['config', '--json', 'Routing.Type', '"none"'], env);
    runSync(bin('ipfs'), ['config', '--json', 'Swarm.ConnMgr.GracePeriod', '"10m"'], env);
  }
  let apiAddr;
  let gatewayAddr;
  const daemon = startProcess(bin('ipfs'), ['daemon', '--migrate=false', ...(offline ? ['--offline'] : [])], {
    env,
    log: path.join(dir, 'daemon.log'),
    ready: /Daemon is ready/,
    lines: (line) => {
      apiAddr ??= /RPC API server listening on (\S+)/.exec(line)?.[1];
      gatewayAddr ??= /Gateway server listening on (\S+)/.exec(line)?.[1];
    },
  });
  await daemon.started;
  const toUrl = (addr) => {
    const [, host, port] = /\/ip4\/([^/]+)\/tcp\/(\d+)/.exec(addr) ?? [];
    return `http://${host}:${port}`;
  };
  const apiUrl = toUrl(apiAddr);
  try {
    const id = await (await fetch(`${apiUrl}/api/v0/id`, { method: 'POST' })).json();
    return {
      apiUrl,
      gatewayUrl: toUrl(gatewayAddr),
      peerId: id.ID,
      // An offline node has none (`"Addresses": null`).
      addresses: (id.Addresses ?? []).filter((addr) => addr.startsWith('/ip4/127.0.0.1/tcp/')),
      dir,
      stop: daemon.stop,
    };
  } catch (error) {
    await daemon.stop();
    throw error;
  }
}

/** Connects one Kubo node to another over loopback. */
export async function connectKubo(from, to) {
  const url = new URL('/api/v0/swarm/connect', from.apiUrl);
  url.searchParams.set('arg', to.addresses[0]);
  const response = await fetch(url, { method: 'POST' });
  if (!response.ok) throw new Error(`swarm connect failed: ${await response.text()}`);
}

async function clusterPeers(restUrl) {
  const response = await fetch(`${restUrl}/peers`);
  if (!response.ok) return [];
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.trim())
    .flatMap((line) => {
      const value = JSON.parse(line);
      return Array.isArray(value) ? value : [value];
    });
}

/**
 * N Kubo daemons and N IPFS Cluster peers (CRDT consensus, one shared secret) under `dir`.
 * Resolves once the Cluster sees all N peers, with `env` (what Cairn needs) and `stop()`.
 */
export async function startCluster({ dir, peers = 3, replicationMin = -1, replicationMax = -1 }) {
  fs.mkdirSync(dir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('hex');
  const nodes = [];
  const stopAll = async () => {
    for (const node of [...nodes].reverse()) {
      await node.cluster?.stop();
      await node.kubo?.stop();
    }
  };
  try {
    let bootstrap;
    for (let i = 0; i < peers; i++) {
      const node = { name: `cairn-peer-${i}` };
      nodes.push(node);
      node.kubo = await startKubo({ dir: path.join(dir, `kubo-${i}`) });
      for (const other of nodes.slice(0, -1)) await connectKubo(node.kubo, other.kubo);
      node.config = path.join(dir, `cluster-${i}`);
      const [clusterPort, restPort, proxyPort, psaPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
      if (!fs.existsSync(path.join(node.config, 'service.json'))) {
        runSync(bin('ipfs-cluster-service'), ['--config', node.config, 'init', '--consensus', 'crdt', '--force'], {});
      }
      const service = JSON.parse(fs.readFileSync(path.join(node.config, 'service.json'), 'utf8'));
      service.cluster.peername = node.name;
      service.cluster.secret = secret;
      service.cluster.listen_multiaddress = [`/ip4/127.0.0.1/tcp/${clusterPort}`];
      service.cluster.mdns_interval = '0';
      service.cluster.enable_relay_hop = false;
      service.cluster.peer_addresses = [];
      service.cluster.replication_factor_min = replicationMin;
      service.cluster.replication_factor_max = replicationMax;
      // A copy whose blocks stop coming (Kubo's bitswap can lose a want while both nodes stay
      // connected) fails after 30 s without progress and is tried again within a minute, not
      // after Cluster's defaults of 2 and 12 minutes.
      service.cluster.pin_recover_interval = '1m0s';
      service.ipfs_connector.ipfshttp.pin_timeout = '30s';
      service.consensus.crdt.trusted_peers = ['*'];
      service.api.restapi.http_listen_multiaddress = `/ip4/127.0.0.1/tcp/${restPort}`;
      service.api.ipfsproxy.listen_multiaddress = `/ip4/127.0.0.1/tcp/${proxyPort}`;
      service.api.ipfsproxy.node_multiaddress = node.kubo.apiUrl.replace(/^http:\/\/([^:]+):(\d+)$/, '/ip4/$1/tcp/$2');
      service.api.pinsvcapi.http_listen_multiaddress = `/ip4/127.0.0.1/tcp/${psaPort}`;
      service.ipfs_connector.ipfshttp.node_multiaddress = service.api.ipfsproxy.node_multiaddress;
      fs.writeFileSync(path.join(node.config, 'service.json'), JSON.stringify(service, null, 2));
      const identity = JSON.parse(fs.readFileSync(path.join(node.config, 'identity.json'), 'utf8'));
      node.restUrl = `http://127.0.0.1:${restPort}`;
      node.cluster = startProcess(
        bin('ipfs-cluster-service'),
        ['--config', node.config, 'daemon', ...(bootstrap ? ['--bootstrap', bootstrap] : [])],
        { env: {}, log: path.join(node.config, 'daemon.log'), ready: /IPFS Cluster is READY/ },
      );
      await node.cluster.started;
      bootstrap ??= `/ip4/127.0.0.1/tcp/${clusterPort}/p2p/${identity.id}`;
    }
    const deadline = Date.now() + READY_MS;
    while ((await clusterPeers(nodes[0].restUrl)).filter((peer) => !peer.error).length < peers) {
      if (Date.now() > deadline) throw new Error(`the Cluster did not see ${peers} peers within ${READY_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    // `pid`: the Cluster peer's process, for a test that kills it.
    nodes: nodes.map(({ name, kubo, restUrl, cluster }) => ({ name, kubo, restUrl, pid: cluster.child.pid, stop: cluster.stop })),
    env: {
      CONTENT_ENGINE: 'cluster',
      CLUSTER_API_URL: nodes[0].restUrl,
      KUBO_API_URL: nodes[0].kubo.apiUrl,
      KUBO_GATEWAY_URL: nodes[0].kubo.gatewayUrl,
      CLUSTER_REPLICATION_MIN: String(replicationMin),
      CLUSTER_REPLICATION_MAX: String(replicationMax),
    },
    stop: stopAll,
  };
}

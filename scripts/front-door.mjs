// N Cairn instances (the built server, as `npm start` runs it) on one database and one content
// engine, with HAProxy in front of them on loopback, for `npm run cluster:local -- --instances N`,
// its test and its benchmark. A rolling restart (`npm run cluster:restart`, or `rollingRestart()`)
// stops each instance in turn with SIGTERM, waits for its drain and exit, starts it again on the
// same port, and goes on once HAProxy sees it up. An instance that dies on its own (a crash, a
// kill) is started again, as a service manager would, after a pause that doubles with each death
// in a row. The instances stay this process's children, so that stopping it stops them all.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { root } from './lib.mjs';
import { freePort } from './ipfs-local.mjs';

const READY_MS = 60_000;
const POLL_MS = 100;
/** Health checks: every CHECK_MS, down after FALL failures, up after RISE successes. */
const CHECK_MS = 500;
const FALL = 3;
/** How long one check may take: longer than /readyz's own 2 s probes, so a busy instance is not taken for a dead one. */
const CHECK_TIMEOUT = '3s';
const RISE = 1;
/** After an instance dies on its own: the first pause before starting it again, the longest, and how many deaths in a row are borne. */
const REVIVE_FIRST_MS = 1_000;
const REVIVE_MAX_MS = 30_000;
const REVIVE_TRIES = 6;
/** The name of the state file in the directory: what `cluster:restart` reads. */
export const STATE_FILE = 'front-door.json';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every POLL_MS until it holds, at most `withinMs`; then throws naming `what`. */
async function until(what, check, withinMs = READY_MS) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${withinMs / 1000} s`);
    await sleep(POLL_MS);
  }
}

/** The status of a GET on loopback, 0 when nothing answers (a fresh connection, no pool). */
function statusOf(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.setTimeout(2_000, () => req.destroy());
  });
}

/** HAProxy's configuration: the health-check timing is what a drain must outlast. */
export function haproxyConfig({ port, servers, statsSocket }) {
  return `# Written by scripts/front-door.mjs: HAProxy in front of ${servers.length} Cairn instances.
global
  maxconn 4096
  stats socket ${statsSocket} mode 600 level admin

defaults
  mode http
  log stdout format raw local0
  option httplog
  # Only what went wrong (a refused connection, a retry, a 5xx) is logged.
  option dontlog-normal
  timeout connect 2s
  timeout client 10m
  timeout server 10m
  timeout http-request 60s
  timeout queue 30s
  timeout check ${CHECK_TIMEOUT}
  # A new connection to the instance for each request: no idle pooled connection can be closed by
  # the instance (its keep-alive timeout, a restart) just as HAProxy sends on it. Clients keep
  # their own keep-alive connections to HAProxy.
  option http-server-close
  # A refused connection (an instance that has closed its listener, or died) is retried, on
  # another instance: nothing was sent, so it is safe for every request, uploads included.
  retry-on conn-failure
  retries 3
  option redispatch 1

frontend cairn
  bind 127.0.0.1:${port}
  # The client's address for the instances (they run with TRUST_PROXY=true, which takes the first
  # address of X-Forwarded-For): whatever the client sent is dropped, so it cannot name another.
  http-request del-header X-Forwarded-For
  option forwardfor
  default_backend instances

backend instances
  balance leastconn
  # /readyz answers 503 as soon as an instance drains (SIGTERM): down after ${FALL} failed checks
  # ${CHECK_MS} ms apart, so ${(CHECK_MS * FALL) / 1000} s plus one check must stay under SHUTDOWN_DRAIN_SECONDS.
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter ${CHECK_MS} fastinter ${CHECK_MS} downinter ${CHECK_MS} fall ${FALL} rise ${RISE}
${servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`).join('\n')}
`;
}

/** One command on HAProxy's stats socket, and its answer. */
function haproxyCommand(socket, command) {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socket);
    let answer = '';
    connection.on('connect', () => connection.end(`${command}\n`));
    connection.on('data', (data) => (answer += data.toString()));
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
    connection.setTimeout(2_000, () => connection.destroy(new Error(`haproxy: "${command}" timed out`)));
  });
}

/** Each server of the backend and HAProxy's view of it (`UP`, `DOWN`, `MAINT`…). */
export async function haproxyServers(socket) {
  const [header, ...rows] = (await haproxyCommand(socket, 'show stat')).trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (name) => columns.indexOf(name);
  return Object.fromEntries(
    rows
      .map((row) => row.split(','))
      .filter((cells) => cells[at('pxname')] === 'instances' && !['BACKEND', 'FRONTEND'].includes(cells[at('svname')]))
      .map((cells) => [cells[at('svname')], cells[at('status')]]),
  );
}

/**
 * Starts `instances` Cairn instances with `env` (the database, the engine, JWT_SECRET…) and
 * HAProxy in front of them, everything's files and logs under `dir`. Resolves with
 * `{ url, instances, rollingRestart(onStep), stop() }` once HAProxy sees every instance up.
 */
export async function startFrontDoor({ dir, instances: count, env, drainSeconds = 5, graceSeconds = 5, log = () => undefined }) {
  if (spawnSync('haproxy', ['-v']).status !== 0)
    throw new Error('haproxy is needed (Debian: apt-get install haproxy; scripts/ensure-system.sh installs it)');
  if ((CHECK_MS * (FALL + 1)) / 1000 >= drainSeconds) {
    throw new Error(
      `SHUTDOWN_DRAIN_SECONDS (${drainSeconds}) must be longer than HAProxy takes to see a drain (${(CHECK_MS * (FALL + 1)) / 1000} s)`,
    );
  }
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const statsSocket = path.join(dir, 'haproxy.sock');
  const instances = [];
  for (let i = 0; i < count; i++) {
    const instancePort = await freePort();
    instances.push({
      name: `cairn-${i}`,
      port: instancePort,
      url: `http://127.0.0.1:${instancePort}`,
      dataDir: path.join(dir, `cairn-${i}`),
      log: path.join(dir, `cairn-${i}.log`),
      child: null,
      // Set while a restart or the stop ends this process on purpose.
      stopping: false,
      // Deaths in a row (reset once it is up again), and the pending start after the last one.
      deaths: 0,
      revival: null,
    });
  }
  let haproxy = null;
  let stopped = false;
  let restarting = null;

  const writeState = () => {
    const state = {
      url,
      supervisor: process.pid,
      control: path.join(dir, 'control.sock'),
      haproxy: { pid: haproxy?.pid ?? null, config: path.join(dir, 'haproxy.cfg'), statsSocket },
      instances: instances.map(({ name, port: p, url: u, dataDir, log: l, child }) => ({
        name,
        port: p,
        url: u,
        dataDir,
        log: l,
        pid: child?.pid ?? null,
      })),
    };
    fs.writeFileSync(path.join(dir, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`);
  };

  const startInstance = async (instance) => {
    fs.mkdirSync(instance.dataDir, { recursive: true });
    const out = fs.openSync(instance.log, 'a');
    // What `npm start` runs, built already (the caller ran ensureServerBuild).
    const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        ...env,
        HOST: '127.0.0.1',
        PORT: String(instance.port),
        INTERNAL_URL: instance.url,
        PUBLIC_URL: env.PUBLIC_URL ?? url,
        CAIRN_DATA_DIR: instance.dataDir,
        TRUST_PROXY: 'true',
        SHUTDOWN_DRAIN_SECONDS: String(drainSeconds),
        SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
      },
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    instance.child = child;
    instance.stopping = false;
    instance.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
    void instance.exited.then((how) => {
      if (!instance.stopping && !stopped) revive(instance, how);
    });
    writeState();
    await until(`${instance.name} ready on ${instance.url}/readyz`, async () => {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${instance.name} exited; see ${instance.log}`);
      return (await statusOf(`${instance.url}/readyz`)) === 200;
    });
    instance.deaths = 0;
  };

  /** Starts again, after a pause, an instance that died on its own; gives up after REVIVE_TRIES deaths in a row. */
  const revive = (instance, how) => {
    instance.deaths += 1;
    if (instance.deaths > REVIVE_TRIES) {
      log(`${instance.name} exited (${how}) ${REVIVE_TRIES} times in a row; left down, see ${instance.log}`);
      return;
    }
    const pauseMs = Math.min(REVIVE_FIRST_MS * 2 ** (instance.deaths - 1), REVIVE_MAX_MS);
    log(`${instance.name} exited (${how}) unexpectedly; starting it again in ${pauseMs / 1000} s (see ${instance.log})`);
    instance.revival = setTimeout(() => {
      instance.revival = null;
      if (stopped || instance.stopping) return;
      startInstance(instance).then(
        () => log(`${instance.name} is back (pid ${instance.child.pid})`),
        // Its exit, if it died starting, has already asked for the next try.
        (error) => log(`${instance.name} did not come back: ${error.message}`),
      );
    }, pauseMs);
  };

  const cancelRevival = (instance) => {
    clearTimeout(instance.revival ?? undefined);
    instance.revival = null;
  };

  const stopInstance = async (instance, signal = 'SIGTERM') => {
    const { child } = instance;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    instance.stopping = true;
    child.kill(signal);
    // The server exits by itself within drain + grace + 4 s; past that, it is hung.
    const timer = setTimeout(() => child.kill('SIGKILL'), (drainSeconds + graceSeconds + 10) * 1000);
    await instance.exited;
    clearTimeout(timer);
  };

  const upInHaproxy = (name) => until(`HAProxy seeing ${name} up`, async () => (await haproxyServers(statsSocket))[name] === 'UP');

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await restarting?.catch(() => undefined);
    instances.forEach(cancelRevival);
    // SIGINT: nothing balances load any more, no drain to wait for.
    await Promise.all(instances.map((instance) => stopInstance(instance, 'SIGINT')));
    if (haproxy && haproxy.exitCode === null && haproxy.signalCode === null) {
      const exited = new Promise((resolve) => haproxy.once('exit', resolve));
      haproxy.kill('SIGTERM');
      await exited;
    }
    control?.close();
  };

  /** Restarts every instance in turn; `onStep(text)` hears each step. Resolves with each one's timings. */
  const restartAll = async (onStep) => {
    const timings = [];
    for (const instance of instances) {
      if (stopped) throw new Error('stopping');
      const began = Date.now();
      // A restart asked for now replaces a pending revival.
      cancelRevival(instance);
      onStep(`${instance.name}: SIGTERM (pid ${instance.child?.pid})`);
      await stopInstance(instance, 'SIGTERM');
      const exitedAt = Date.now();
      onStep(`${instance.name}: drained and exited after ${((exitedAt - began) / 1000).toFixed(1)} s`);
      await startInstance(instance);
      const readyAt = Date.now();
      onStep(`${instance.name}: started (pid ${instance.child.pid}), ready after ${((readyAt - exitedAt) / 1000).toFixed(1)} s`);
      await upInHaproxy(instance.name);
      const upAt = Date.now();
      onStep(`${instance.name}: up in HAProxy after ${((upAt - readyAt) / 1000).toFixed(1)} s`);
      timings.push({
        name: instance.name,
        drainedMs: exitedAt - began,
        startedMs: readyAt - exitedAt,
        upMs: upAt - readyAt,
        totalMs: upAt - began,
      });
    }
    return timings;
  };
  const rollingRestart = (onStep = () => undefined) => {
    if (restarting) throw new Error('a rolling restart is already running');
    restarting = restartAll(onStep).finally(() => (restarting = null));
    return restarting;
  };

  // `npm run cluster:restart -- --dir DIR` asks for a rolling restart here: POST /restart on a
  // socket only this user can open; the steps stream back as lines, the last `done` or `failed: …`.
  const controlPath = path.join(dir, 'control.sock');
  fs.rmSync(controlPath, { force: true });
  const control = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/restart') {
      res.writeHead(404).end('POST /restart\n');
      return;
    }
    if (restarting || stopped) {
      res.writeHead(409).end(`${stopped ? 'stopping' : 'a rolling restart is already running'}\n`);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    const step = (line) => {
      log(line);
      res.write(`${line}\n`);
    };
    rollingRestart(step).then(
      () => res.end('done\n'),
      (error) => res.end(`failed: ${error.message}\n`),
    );
  });

  try {
    // The first alone: the first start of a database creates its admin, once.
    await startInstance(instances[0]);
    await Promise.all(instances.slice(1).map(startInstance));
    fs.writeFileSync(path.join(dir, 'haproxy.cfg'), haproxyConfig({ port, servers: instances, statsSocket }));
    const haproxyLog = fs.openSync(path.join(dir, 'haproxy.log'), 'a');
    // -db: in the foreground, a child of this process; the system service is never used.
    haproxy = spawn('haproxy', ['-db', '-f', path.join(dir, 'haproxy.cfg')], { stdio: ['ignore', haproxyLog, haproxyLog] });
    fs.closeSync(haproxyLog);
    const haproxyExited = new Promise((resolve) => haproxy.once('exit', resolve));
    await until('HAProxy seeing every instance up', async () => {
      if (haproxy.exitCode !== null) throw new Error(`haproxy exited; see ${path.join(dir, 'haproxy.log')}`);
      const servers = await haproxyServers(statsSocket);
      return instances.every((instance) => servers[instance.name] === 'UP');
    });
    void haproxyExited.then((code) => {
      if (!stopped) log(`haproxy exited (${code}) unexpectedly; see ${path.join(dir, 'haproxy.log')}`);
    });
    await new Promise((resolve, reject) => {
      control.once('error', reject);
      control.listen(controlPath, resolve);
    });
    fs.chmodSync(controlPath, 0o600);
    writeState();
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, instances, statsSocket, rollingRestart, stop };
}

/** Asks the `cluster:local` running on `dir` for a rolling restart; `onLine` hears each step. Resolves true when done. */
export function requestRollingRestart(dir, onLine = () => undefined) {
  const state = JSON.parse(fs.readFileSync(path.join(dir, STATE_FILE), 'utf8'));
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath: state.control, method: 'POST', path: '/restart' }, (res) => {
      let buffered = '';
      let last = '';
      res.on('data', (data) => {
        buffered += data.toString();
        let newline;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          last = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          onLine(last);
        }
      });
      res.on('end', () => resolve(res.statusCode === 200 && last === 'done'));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

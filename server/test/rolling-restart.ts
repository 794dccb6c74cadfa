/**
 * The rolling-restart scenario (its test runs it small, `npm run bench -- --only=rolling-restart`
 * at full size): a Cluster of 3 peers (replication 2 to 3, so content survives a dead peer), Cairn
 * instances on one PostgreSQL database behind HAProxy (scripts/front-door.mjs, what `npm run
 * cluster:local -- --instances N` runs), and clients uploading, listing, pinning and downloading
 * ranges through HAProxy while `npm run cluster:restart` restarts every instance in turn, twice,
 * and one Cluster peer is killed with SIGKILL. Then every record each client was told about is
 * listed and read back whole, and each account's usage is compared with its records.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { haproxyServers, startFrontDoor, type FrontDoor, type RestartTiming } from '../../scripts/front-door.mjs';
import { startCluster, type LocalCluster } from '../../scripts/ipfs-local.mjs';
import { accountState } from './crash';
import { eventually } from './eventually';
import { signupInput } from './factories';
import { createTestDatabase } from './pg';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DRAIN_SECONDS = 3;
const MAX_FILE_BYTES = 512 * 1024;
/** How long a pin job may take before the client counts it failed. */
const PIN_WITHIN_MS = 60_000;

export interface ScenarioOptions {
  clients: number;
  instances: number;
  /** Rolling restarts of every instance, one after the other while the clients work. */
  restarts: number;
  log?: (line: string) => void;
}

export interface Failure {
  client: number;
  what: string;
  detail: string;
}

export interface ScenarioOutcome {
  requests: number;
  failures: Failure[];
  /** Records a client was told were made, and those missing from its list or served wrong afterwards. */
  records: number;
  lost: string[];
  /** Records nobody asked for (a request made twice). */
  extra: string[];
  /** Per account: storage_used minus what its records are charged, and reservations left. */
  drift: Array<{ email: string; used: number; recorded: number; reserved: number; reservations: number }>;
  restarts: RestartTiming[][];
  /** How long the restarts took, from the first SIGTERM to the last instance up again. */
  restartingMs: number;
  /** How a restart cut the long upload (then sent again), null if it was not cut. */
  cutUpload: string | null;
  killedPeer: string;
  /** The instances' log lines at level error and HAProxy's warnings, for a failure's diagnosis. */
  serverErrors: string[];
  /** Whether the killed peer's process is gone. */
  peerDead: boolean;
  /** An instance killed with SIGKILL once the clients are done: its pid before and after the supervisor started it again, and whether HAProxy took it back. */
  revived: { name: string; killedPid: number; pid: number | null; up: boolean };
  /** The client's address as an instance saw it, when the client sent an X-Forwarded-For of its own. */
  clientIp: string | null;
  bytesUploaded: number;
}

interface Entry {
  id: string;
  cid: string;
  name: string;
  bytes: Buffer;
}

interface Client {
  index: number;
  email: string;
  token: string;
  records: Map<string, Entry>;
}

/** A running counter and the failures of every request the clients make. */
class Tally {
  requests = 0;
  failures: Failure[] = [];

  /** One request; a network error or a status outside `expected` is a failure (and null). */
  async request(client: number, what: string, url: string, init: RequestInit, expected: number[]): Promise<Response | null> {
    this.requests += 1;
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
      if (expected.includes(response.status)) return response;
      this.failures.push({ client, what, detail: `${response.status} ${(await response.text()).slice(0, 300)}` });
    } catch (error) {
      this.failures.push({ client, what, detail: String((error as Error).cause ?? error) });
    }
    return null;
  }

  fail(client: number, what: string, detail: string): void {
    this.failures.push({ client, what, detail });
  }
}

function errorLines(dir: string, frontDoor: FrontDoor): string[] {
  const lines = (file: string, keep: (line: string) => boolean, name: string) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(keep)
      .map((line) => `${name}: ${line}`);
  return [
    ...frontDoor.instances.flatMap((instance) => lines(instance.log, (line) => line.includes('"level":"error"'), instance.name)),
    // When HAProxy took an instance out, and why (a slow check, a drain), and what it refused.
    ...lines(path.join(dir, 'haproxy.log'), (line) => line.startsWith('[WARNING]') || line.startsWith('[ALERT]'), 'haproxy'),
  ];
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function signUp(url: string, tally: Tally, index: number): Promise<Client> {
  const input = signupInput();
  const json = { 'Content-Type': 'application/json' };
  const signup = await tally.request(
    index,
    'signup',
    `${url}/api/v2/auth/signup`,
    { method: 'POST', headers: json, body: JSON.stringify(input) },
    [201],
  );
  if (!signup) throw new Error(`client ${index} could not sign up: ${JSON.stringify(tally.failures.at(-1))}`);
  const login = await tally.request(
    index,
    'login',
    `${url}/api/v2/auth/login`,
    { method: 'POST', headers: json, body: JSON.stringify({ email: input.email, password: input.password }) },
    [200],
  );
  if (!login) throw new Error(`client ${index} could not log in: ${JSON.stringify(tally.failures.at(-1))}`);
  const { token } = (await login.json()) as { token: string };
  return { index, email: input.email, token, records: new Map() };
}

/** Uploads, lists, downloads a range and now and then pins another client's CID, until `done()`. */
async function work(url: string, client: Client, tally: Tally, shared: Entry[], done: () => boolean): Promise<number> {
  let uploaded = 0;
  for (let round = 0; !done() && round < 10_000; round++) {
    const bytes = crypto.randomBytes(1 + crypto.randomInt(MAX_FILE_BYTES));
    const name = `c${client.index}-r${round}.bin`;
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const up = await tally.request(
      client.index,
      'upload',
      `${url}/api/v2/upload`,
      { method: 'POST', headers: auth(client.token), body: form },
      [200, 201],
    );
    if (up) {
      const body = (await up.json()) as { uploadId: string; cid: string };
      const entry = { id: body.uploadId, cid: body.cid, name, bytes };
      client.records.set(entry.id, entry);
      shared.push(entry);
      uploaded += bytes.length;

      const list = await tally.request(
        client.index,
        'list',
        `${url}/api/v2/users/me/uploads?limit=5`,
        { headers: auth(client.token) },
        [200],
      );
      if (list) {
        const { files } = (await list.json()) as { files: Array<{ uploadId: string }> };
        if (!files.some((file) => file.uploadId === entry.id))
          tally.fail(client.index, 'list', `the upload just made (${entry.id}) is not on the first page`);
      }

      const start = crypto.randomInt(bytes.length);
      const end = Math.min(bytes.length - 1, start + crypto.randomInt(64 * 1024));
      const range = await tally.request(
        client.index,
        'range',
        `${url}/ipfs/${entry.cid}`,
        { headers: { Range: `bytes=${start}-${end}` } },
        [206],
      );
      if (range) {
        const got = Buffer.from(await range.arrayBuffer());
        if (!got.equals(bytes.subarray(start, end + 1))) tally.fail(client.index, 'range', `bytes ${start}-${end} of ${entry.cid} differ`);
      }
    }
    // Another client's content, which this account does not hold yet (that would be `already_pinned`).
    const held = new Set([...client.records.values()].map((entry) => entry.cid));
    const others = shared.filter((entry) => !held.has(entry.cid));
    if (round % 3 === 2 && others.length > 0)
      await pin(url, client, tally, others[crypto.randomInt(others.length)]!, `pin-${client.index}-r${round}`);
  }
  return uploaded;
}

/** Pins another record's CID by CID and waits for its job; the record it makes joins the client's. */
async function pin(url: string, client: Client, tally: Tally, of: Entry, name: string): Promise<void> {
  const json = { ...auth(client.token), 'Content-Type': 'application/json' };
  const asked = await tally.request(
    client.index,
    'pin',
    `${url}/api/v2/pins`,
    { method: 'POST', headers: json, body: JSON.stringify({ cid: of.cid, customName: name }) },
    [201, 202],
  );
  if (!asked) return;
  let job = (await asked.json()) as { id: string; status: string; upload: { uploadId: string } | null };
  const deadline = Date.now() + PIN_WITHIN_MS;
  while (job.status !== 'pinned' && job.status !== 'failed' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const polled = await tally.request(client.index, 'pin status', `${url}/api/v2/pins/${job.id}`, { headers: auth(client.token) }, [200]);
    if (!polled) return;
    job = (await polled.json()) as typeof job;
  }
  if (job.status !== 'pinned' || !job.upload) {
    tally.fail(client.index, 'pin', `job ${job.id} for ${of.cid} ended ${job.status} ${JSON.stringify(job).slice(0, 300)}`);
    return;
  }
  client.records.set(job.upload.uploadId, { id: job.upload.uploadId, cid: of.cid, name, bytes: of.bytes });
}

/** How fast the long upload streams: slower than any restart, so that its instance's restart cuts it. */
const SLOW_CHUNK = 16 * 1024;
const SLOW_EVERY_MS = 250;
const SLOW_BYTES = 2 * 1024 * 1024;

/**
 * The one kind of request the README says a restart may cut: an upload still streaming when its
 * instance's drain ends. Streams SLOW_BYTES at 64 KiB/s from before the first restart (every
 * instance restarts, so its own does within the upload's 32 s); once cut (`503 shutting_down`
 * or a cut connection), sends the same bytes again, as a client does, at full speed.
 * Resolves with how the first attempt ended (null: it was not cut).
 */
async function uploadCutByRestart(url: string, client: Client, tally: Tally): Promise<string | null> {
  const bytes = crypto.randomBytes(SLOW_BYTES);
  const name = `c${client.index}-slow.bin`;
  const boundary = `cairn-${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset === 0) controller.enqueue(head);
      if (offset >= bytes.length) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, SLOW_EVERY_MS));
      controller.enqueue(bytes.subarray(offset, offset + SLOW_CHUNK));
      offset += SLOW_CHUNK;
    },
  });
  tally.requests += 1;
  let cut: string | null = null;
  try {
    const response = await fetch(`${url}/api/v2/upload`, {
      method: 'POST',
      headers: { ...auth(client.token), 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
      signal: AbortSignal.timeout(120_000),
    } as RequestInit);
    const text = await response.text();
    if (response.status === 503 && text.includes('shutting_down')) cut = `503 ${text.slice(0, 200)}`;
    else if (response.status === 201) {
      const record = JSON.parse(text) as { uploadId: string; cid: string };
      client.records.set(record.uploadId, { id: record.uploadId, cid: record.cid, name, bytes });
      return null;
    } else tally.fail(client.index, 'slow upload', `${response.status} ${text.slice(0, 300)}`);
  } catch (error) {
    cut = String((error as Error).cause ?? error);
  }
  if (!cut) return null;
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const again = await tally.request(
    client.index,
    'slow upload, again',
    `${url}/api/v2/upload`,
    { method: 'POST', headers: auth(client.token), body: form },
    [201],
  );
  if (again) {
    const record = (await again.json()) as { uploadId: string; cid: string };
    client.records.set(record.uploadId, { id: record.uploadId, cid: record.cid, name, bytes });
  }
  return cut;
}

/** Every record of the account, all pages. */
async function allRecords(url: string, client: Client, tally: Tally): Promise<Map<string, { cid: string; name: string }>> {
  const found = new Map<string, { uploadId: string; cid: string; name: string }>();
  for (let page = 1; page <= 1_000; page++) {
    const response = await tally.request(
      client.index,
      'final list',
      `${url}/api/v2/users/me/uploads?limit=100&page=${page}`,
      { headers: auth(client.token) },
      [200],
    );
    if (!response) break;
    const { files, total } = (await response.json()) as { files: Array<{ uploadId: string; cid: string; name: string }>; total: number };
    for (const file of files) found.set(file.uploadId, file);
    if (files.length === 0 || found.size >= total) break;
  }
  return found;
}

/** Runs `npm run cluster:restart -- --dir DIR`; resolves with each instance's timings, read from its lines. */
function clusterRestart(dir: string): Promise<RestartTiming[]> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['scripts/cluster-restart.mjs', '--dir', dir], { cwd: ROOT, timeout: 300_000 }, (error, stdout, stderr) => {
      const lines = stdout.trim().split('\n');
      if (error) {
        reject(new Error(`cluster:restart failed: ${stderr || stdout || error.message}`));
        return;
      }
      const seconds = (name: string, step: RegExp) => {
        const line = lines.find((each) => each.startsWith(`${name}: `) && step.test(each));
        return Math.round(Number(/([\d.]+) s$/.exec(line ?? '')?.[1] ?? NaN) * 1000);
      };
      const names = [...new Set(lines.filter((line) => line.includes(': SIGTERM')).map((line) => line.split(':')[0]!))];
      resolve(
        names.map((name) => {
          const timing = {
            name,
            drainedMs: seconds(name, /drained/),
            startedMs: seconds(name, /ready after/),
            upMs: seconds(name, /up in HAProxy/),
          };
          return { ...timing, totalMs: timing.drainedMs + timing.startedMs + timing.upMs };
        }),
      );
    });
  });
}

/** Kills `instance` with SIGKILL, as a crash would, and waits (a minute at most) for the front door to have it up again. */
async function killAndRevive(frontDoor: FrontDoor, instance: FrontDoor['instances'][number]): Promise<ScenarioOutcome['revived']> {
  const killedPid = instance.child!.pid!;
  process.kill(killedPid, 'SIGKILL');
  const back = () => instance.child?.pid !== killedPid;
  let up = false;
  await eventually(
    `${instance.name} started again and up in HAProxy`,
    async () => back() && (up = (await haproxyServers(frontDoor.statsSocket))[instance.name] === 'UP'),
    { withinMs: 60_000, everyMs: 200 },
  ).catch(() => undefined);
  return { name: instance.name, killedPid, pid: back() ? (instance.child?.pid ?? null) : null, up };
}

export async function rollingRestartScenario({
  clients: count,
  instances,
  restarts,
  log = () => undefined,
}: ScenarioOptions): Promise<ScenarioOutcome> {
  // The server `npm start` runs, compiled when its sources changed (the benchmark has no global setup).
  const { ensureServerBuild } = (await import(new URL('../../scripts/lib.mjs', import.meta.url).href)) as {
    ensureServerBuild(): Promise<void>;
  };
  await ensureServerBuild();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-front-door-'));
  let cluster: LocalCluster | undefined;
  let frontDoor: FrontDoor | undefined;
  const database = await createTestDatabase();
  try {
    cluster = await startCluster({ dir: path.join(dir, 'cluster'), peers: 3, replicationMin: 2, replicationMax: 3 });
    frontDoor = await startFrontDoor({
      dir,
      instances,
      drainSeconds: DRAIN_SECONDS,
      env: {
        ...cluster.env,
        DATABASE_URL: database.url,
        JWT_SECRET: crypto.randomBytes(32).toString('hex'),
        CAIRN_STATIC_DIR: '',
        LOG_LEVEL: 'warn',
        // Every client signs up, logs in and reads from 127.0.0.1: the limits per address would
        // count them as one client. Each still has its own token's limits.
        SIGNUP_MAX_PER_IP: '10000',
        LOGIN_MAX_PER_IP: '10000',
        RATE_LIMIT_API_PER_IP: '0',
        RATE_LIMIT_PSA_PER_IP: '0',
        RATE_LIMIT_GATEWAY_PER_IP: '0',
      },
      log,
    });
    const { url } = frontDoor;
    const tally = new Tally();
    const clients: Client[] = [];
    // One after the other: signing up is not what is measured.
    for (let i = 0; i < count; i++) clients.push(await signUp(url, tally, i));
    log(`${count} clients signed up through ${url}`);
    // The instances see the client's address as HAProxy saw it, not one the client names.
    const seen = await tally.request(
      0,
      'ip',
      `${url}/api/v2/users/me/ip`,
      { headers: { ...auth(clients[0]!.token), 'X-Forwarded-For': '203.0.113.9' } },
      [200],
    );
    const clientIp = seen ? ((await seen.json()) as { ip: string }).ip : null;

    let finished = false;
    const shared: Entry[] = [];
    const working = Promise.all(clients.map((client) => work(url, client, tally, shared, () => finished)));
    // One more account, whose long upload a restart cuts.
    const slowClient = await signUp(url, tally, count);
    let slow: Promise<string | null> = Promise.resolve(null);
    const timings: RestartTiming[][] = [];
    const killed = cluster.nodes[2]!;
    const began = Date.now();
    let bytesUploaded = 0;
    let restartingMs = 0;
    try {
      // Some records before the first restart.
      await eventually('the clients have uploaded', () => shared.length >= count, { withinMs: 60_000 });
      slow = uploadCutByRestart(url, slowClient, tally);
      for (let round = 1; round <= restarts; round++) {
        const before = Date.now();
        // Halfway through the second restart's first drain: a Cluster peer dies (not the one the
        // instances talk to, whose death would be an outage of the engine, not of a peer).
        if (round === 2) setTimeout(() => process.kill(killed.pid, 'SIGKILL'), 1_000);
        timings.push(await clusterRestart(dir));
        log(`rolling restart ${round}/${restarts} took ${((Date.now() - before) / 1000).toFixed(1)} s`);
      }
    } finally {
      restartingMs = Date.now() - began;
      finished = true;
      bytesUploaded = (await working).reduce((a, b) => a + b, 0);
    }
    const cutUpload = await slow;
    clients.push(slowClient);
    log(`${tally.requests} requests, ${tally.failures.length} failed, restarts over ${(restartingMs / 1000).toFixed(1)} s`);

    // Everything each client was told about: listed, and served whole.
    const lost: string[] = [];
    const extra: string[] = [];
    let records = 0;
    for (const client of clients) {
      const listed = await allRecords(url, client, tally);
      for (const entry of client.records.values()) {
        records += 1;
        const row = listed.get(entry.id);
        if (!row || row.cid !== entry.cid) {
          lost.push(`client ${client.index}: ${entry.name} ${entry.cid} not listed`);
          continue;
        }
        const whole = await tally.request(client.index, 'final download', `${url}/ipfs/${entry.cid}`, {}, [200]);
        if (!whole || !Buffer.from(await whole.arrayBuffer()).equals(entry.bytes))
          lost.push(`client ${client.index}: ${entry.name} ${entry.cid} not served whole`);
      }
      for (const [id, row] of listed) if (!client.records.has(id)) extra.push(`client ${client.index}: ${row.name} ${row.cid}`);
    }
    // Usage against records, once nothing is reserved any more (every request has ended).
    const drift: ScenarioOutcome['drift'] = [];
    for (const client of clients) {
      const db = { driver: 'pg' as const, url: database.url };
      await eventually('no reservation is left', async () => (await accountState(db, client.email)).reservations === 0, {
        withinMs: 30_000,
      }).catch(() => undefined);
      const state = await accountState(db, client.email);
      drift.push({
        email: client.email,
        used: state.used,
        recorded: state.recordedBytes,
        reserved: state.reserved,
        reservations: state.reservations,
      });
    }
    const revived = await killAndRevive(frontDoor, frontDoor.instances.at(-1)!);
    log(`${revived.name} killed (pid ${revived.killedPid}), started again as pid ${revived.pid}, up in HAProxy: ${revived.up}`);
    return {
      requests: tally.requests,
      failures: tally.failures,
      records,
      lost,
      extra,
      drift,
      restarts: timings,
      restartingMs,
      cutUpload,
      killedPeer: killed.name,
      serverErrors: errorLines(dir, frontDoor),
      peerDead: !alive(killed.pid),
      revived,
      clientIp,
      bytesUploaded,
    };
  } finally {
    await frontDoor?.stop();
    await cluster?.stop();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

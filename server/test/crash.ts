import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, type Db } from '../src/db/database';
import type { DbConfig } from '../src/config/config';
import { createClient, type TestClient } from './client';
import { fileForm, signupInput } from './factories';
import { spawnServer, type ServerProcess } from './process';

/** A real server process and a client for it. */
export interface Instance extends ServerProcess {
  api: TestClient;
}

/**
 * Starts a server process. On an embedded data directory whose last holder was killed it starts at
 * once: the directory's lock went with its holder.
 */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const proc = await spawnServer({ LOG_LEVEL: 'info', ...env });
  return { ...proc, api: createClient(proc.url) };
}

/**
 * Server processes on one embedded data directory, each started with an optional crash point
 * (`CAIRN_TEST_CRASH_AT`), and `cleanUp` that kills what is left and removes the directories.
 */
export function instancesOnOneDataDir(prefix: string, env: Record<string, string> = {}, parent = os.tmpdir()) {
  const dataDir = fs.mkdtempSync(path.join(parent, prefix));
  const spawned: Instance[] = [];
  return {
    dataDir,
    async start(crashAt?: string): Promise<Instance> {
      const instance = await startInstance({ CAIRN_DATA_DIR: dataDir, ...env, ...(crashAt ? { CAIRN_TEST_CRASH_AT: crashAt } : {}) });
      spawned.push(instance);
      return instance;
    },
    async cleanUp(): Promise<void> {
      for (const instance of spawned) {
        instance.kill();
        await instance.exited;
        fs.rmSync(instance.dataDir, { recursive: true, force: true });
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits for the process to die of the SIGKILL its crash point sent itself. (Throws rather than
 * asserting: the crash benchmark uses these helpers outside vitest.)
 */
export async function killedItself(instance: Instance, withinMs = 30_000): Promise<void> {
  const timer = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the crash point was not reached')), withinMs).unref());
  const { signal, code } = await Promise.race([instance.exited, timer]);
  if (signal !== 'SIGKILL') throw new Error(`the process ended with ${signal ?? `exit code ${code}`}, not the crash point's SIGKILL`);
}

/** Stops the process as an operator would, and waits for it. */
export async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGTERM');
  await instance.exited;
}

export async function signUp(api: TestClient): Promise<{ email: string; password: string; token: string }> {
  const input = signupInput();
  const signup = await api.post('/api/v2/auth/signup', input);
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${signup.text}`);
  return { email: input.email, password: input.password, token: await logIn(api, input.email, input.password) };
}

export async function logIn(api: TestClient, email: string, password: string): Promise<string> {
  const login = await api.post('/api/v2/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return login.body.token as string;
}

/** Random bytes and the CIDv0 a default `ipfs add` gives them. */
export function randomFile(size: number): { bytes: Uint8Array; cid: string } {
  const bytes = crypto.randomBytes(size);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-crash-')), 'file');
  fs.writeFileSync(file, bytes);
  const { CIDv0: cid } = JSON.parse(execFileSync('ipfs_cid', [file], { stdio: ['ignore', 'pipe', 'ignore'] }).toString()) as {
    CIDv0: string;
  };
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return { bytes, cid };
}

/** Uploads one file as a CIDv0; the request may die with the server. */
export function upload(instance: Instance, token: string, name: string, bytes: Uint8Array) {
  return instance.api.request('POST', '/api/v2/upload?cidVersion=0', { token, body: fileForm([{ name, content: bytes }]) });
}

/** What the database holds for one account, read straight from it. */
export async function accountState(config: DbConfig, email: string) {
  const db: Db = createDb(config);
  try {
    const user = await db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow();
    const records = await db.selectFrom('uploads').select(['cid', 'charged_bytes']).where('user_id', '=', user.id).execute();
    const reservations = await db.selectFrom('quota_reservations').select('id').where('user_id', '=', user.id).execute();
    // Releases always name their CID.
    const jobs = await db
      .selectFrom('jobs')
      .select(['cid', 'status', 'last_error'])
      .where('kind', '=', 'release')
      .$narrowType<{ cid: string }>()
      .execute();
    const pinJobs = await db.selectFrom('pin_jobs').select(['cid', 'status', 'attempts']).where('user_id', '=', user.id).execute();
    return {
      used: Number(user.storage_used),
      reserved: Number(user.storage_reserved),
      // What the records are charged: usage must equal it.
      recordedBytes: records.reduce((sum, r) => sum + Number(r.charged_bytes), 0),
      cids: new Set(records.map((r) => r.cid)),
      reservations: reservations.length,
      jobs,
      pinJobs,
    };
  } finally {
    await db.destroy();
  }
}

/**
 * A live Cairn server for the SDK's tests (sdks/harness/serve.ts), or the one given in
 * CAIRN_TEST_URL, plus the plain-HTTP set-up the scenario allows: signing up, logging in and the
 * administrator's calls.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface Harness {
  url: string;
  admin: { email: string; password: string };
  stop(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  if (process.env.CAIRN_TEST_URL) {
    return {
      url: process.env.CAIRN_TEST_URL,
      admin: { email: process.env.CAIRN_TEST_ADMIN_EMAIL ?? '', password: process.env.CAIRN_TEST_ADMIN_PASSWORD ?? '' },
      stop: async () => undefined,
    };
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'sdks/harness/serve.ts'], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const stop = () => stopChild(child);
  try {
    const line = await firstLine(child, 60_000);
    const parsed = JSON.parse(line) as { url: string; admin: Harness['admin'] };
    return { ...parsed, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function firstLine(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error('The harness did not start in time')), timeoutMs);
    lines.once('line', (line) => {
      clearTimeout(timer);
      lines.close();
      resolve(line);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The harness exited with ${code}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Plain JSON over HTTP, for set-up that is not part of the SDK. */
export async function api<T = any>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${base}/api/v2${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export interface TestUser {
  email: string;
  password: string;
  session: string;
  signupStatus: number;
  loginStatus: number;
}

/** Signs a fresh user up with a random e-mail and logs in. */
export async function signUp(base: string): Promise<TestUser> {
  const email = `sdk-${crypto.randomUUID()}@sdk.test`;
  const password = crypto.randomBytes(12).toString('base64url');
  const signup = await api(base, 'POST', '/auth/signup', {
    name: 'Sdk',
    lastname: 'Tester',
    country: 'ES',
    birthDate: '10/12/1985',
    language: 'en',
    email,
    password,
  });
  const login = await api<{ token: string }>(base, 'POST', '/auth/login', { email, password });
  return { email, password, session: login.body.token, signupStatus: signup.status, loginStatus: login.status };
}

export async function adminSession(harness: Harness): Promise<string> {
  const login = await api<{ token: string }>(harness.url, 'POST', '/auth/login', harness.admin);
  if (login.status !== 200) throw new Error(`Admin login answered ${login.status}`);
  return login.body.token;
}

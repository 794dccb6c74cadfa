import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { DbConfig } from '../../server/src/config/config';
import { createDb } from '../../server/src/db/database';

/** Every request of the benchmark is bounded: one that hangs this long is an error. */
const REQUEST_TIMEOUT_MS = 30_000;
const BONUS_BYTES = 64 * 1024 ** 3;

export interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: Buffer;
  ms: number;
}

/** One request on a keep-alive agent; a socket error or a timeout answers status 0. */
export function send(
  agent: http.Agent,
  method: string,
  url: string,
  token: string,
  body?: { type: string; bytes: Buffer },
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { authorization: `Bearer ${token}` };
    if (body) Object.assign(headers, { 'content-type': body.type, 'content-length': body.bytes.length });
    const req = http.request(url, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: res.headers['retry-after'],
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
      res.on('error', () => resolve({ status: 0, retryAfter: undefined, body: Buffer.alloc(0), ms: performance.now() - started }));
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timed out')));
    req.on('error', (error) =>
      resolve({ status: 0, retryAfter: undefined, body: Buffer.from(String(error)), ms: performance.now() - started }),
    );
    req.end(body?.bytes);
  });
}

/** A multipart body of one `file` part of `size` random bytes: content no other upload has. */
export function smallFile(size: number, name: string): { type: string; bytes: Buffer } {
  const boundary = `cairnbench${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    bytes: Buffer.concat([Buffer.from(head), randomBytes(size), Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

/** 1–20 KB, the small uploads of the benchmark. */
export const smallSize = (): number => 1_000 + Math.floor(Math.random() * 19_000);

/**
 * Signs `count` accounts up through the API and logs them in; each gets a bonus written straight
 * into the database so that quota never refuses an upload of the run.
 */
export async function signUpAccounts(url: string, db: DbConfig, count: number): Promise<string[]> {
  const emails: string[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const account = { email: `mixed-${process.pid}-${i}@example.com`, password: 'bench-password' };
    await postJson(`${url}/api/v2/auth/signup`, {
      ...account,
      name: 'Mixed',
      lastname: 'Load',
      country: 'GB',
      birthDate: '01/01/1990',
      language: 'en',
    });
    tokens.push(((await postJson(`${url}/api/v2/auth/login`, account)) as { token: string }).token);
    emails.push(account.email);
  }
  const conn = createDb(db);
  try {
    await conn.updateTable('users').set({ bonus_bytes: BONUS_BYTES }).where('email', 'in', emails).execute();
  } finally {
    await conn.destroy();
  }
  return tokens;
}

async function postJson(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

import crypto from 'node:crypto';
import type { OrderRow, PlanRow, RewardRow } from '../src/db/schema';
import type { TestServer } from './harness';

let counter = 0;

export function signupInput(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: 'Ada',
    lastname: 'Lovelace',
    country: 'GB',
    birthDate: '10/12/1990',
    language: 'en',
    email: `user${counter}-${crypto.randomBytes(3).toString('hex')}@example.com`,
    password: 'correct-horse',
    ...overrides,
  };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  referralCode: string;
}

/** Signs a user up through the API and logs them in. */
export async function createUser(server: TestServer, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const input = signupInput(overrides);
  const signup = await server.api.post('/api/v2/auth/signup', input);
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${signup.text}`);
  const login = await server.api.post('/api/v2/auth/login', { email: input.email, password: input.password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return {
    id: signup.body.user.id,
    email: input.email.toLowerCase(),
    password: input.password,
    token: login.body.token,
    referralCode: signup.body.user.referralCode,
  };
}

/** Signs a user up and promotes them to admin directly in the database. */
export async function createAdmin(server: TestServer): Promise<TestUser> {
  const user = await createUser(server);
  await server.app.stores.users.update(user.id, { role: 'admin' });
  return user;
}

export async function createApiToken(
  server: TestServer,
  user: TestUser,
  body: Record<string, unknown> = { name: 'cli', expiresInDays: 30 },
) {
  const res = await server.api.post('/api/v2/tokens/generate', body, { token: user.token });
  if (res.status !== 201) throw new Error(`token failed: ${res.status} ${res.text}`);
  return res.body as { id: string; token: string };
}

export function fileForm(files: Array<{ name: string; content: string | Uint8Array }>): FormData {
  const form = new FormData();
  // A copy of the bytes is an ArrayBuffer-backed view, as DOM's Blob types want (the SDK tests compile with them).
  for (const file of files)
    form.append('file', new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)]), file.name);
  return form;
}

/** Uploads files through the API (one file: POST /upload; several: POST /upload/directory). */
export async function uploadFile(server: TestServer, user: TestUser, name: string, content: string | Uint8Array, query = '') {
  const res = await server.api.request('POST', `/api/v2/upload${query}`, { token: user.token, body: fileForm([{ name, content }]) });
  if (res.status !== 201 && res.status !== 200) throw new Error(`upload failed: ${res.status} ${res.text}`);
  return res.body as { uploadId: string; cid: string; size: number; chargedBytes: number; name: string };
}

/** Adds a plan straight to the database: free, active and not the default unless `fields` say so. */
export async function insertPlan(server: TestServer, fields: Pick<PlanRow, 'code' | 'storage_limit_bytes'> & Partial<PlanRow>) {
  const now = new Date().toISOString();
  const plan: PlanRow = {
    name: fields.code,
    price_cents: 0,
    description: '',
    active: 1,
    is_default: 0,
    created_at: now,
    updated_at: now,
    egress_limit_bytes: null,
    egress_over_limit: 'block',
    request_limit_factor: 1,
    ...fields,
  };
  await server.app.db.insertInto('plans').values(plan).execute();
  return plan;
}

/** Sets the account's plan limit directly (a plan of exactly `bytes`). */
export async function setStorageLimit(server: TestServer, user: TestUser, bytes: number): Promise<void> {
  const { code } = await insertPlan(server, { code: `test-${crypto.randomBytes(4).toString('hex')}`, storage_limit_bytes: bytes });
  await server.app.stores.users.update(user.id, { plan_code: code });
}

/** Adds an order straight to the database: a pending card order in euros, made now, unless `fields` say otherwise. */
export async function insertOrder(
  server: TestServer,
  fields: Pick<OrderRow, 'user_id' | 'plan_code' | 'amount_cents'> & Partial<OrderRow>,
): Promise<OrderRow> {
  const now = new Date().toISOString();
  const order: OrderRow = {
    id: crypto.randomUUID(),
    currency: 'eur',
    method: 'card',
    status: 'pending',
    stripe_session_id: null,
    stripe_subscription_id: null,
    stripe_customer_id: null,
    stripe_invoice_id: null,
    renewal_of: null,
    failure_reason: null,
    created_at: now,
    updated_at: now,
    paid_at: null,
    applied_at: null,
    ended_at: null,
    ...fields,
  };
  await server.app.db.insertInto('orders').values(order).execute();
  return order;
}

/** Adds a row to the rewards ledger straight to the database (the account's `bonus_bytes` is left as it is). */
export async function insertReward(
  server: TestServer,
  fields: Pick<RewardRow, 'user_id' | 'bytes' | 'reason'> & Partial<RewardRow>,
): Promise<RewardRow> {
  const reward: RewardRow = {
    id: crypto.randomUUID(),
    source_user_id: null,
    order_id: null,
    created_at: new Date().toISOString(),
    ...fields,
  };
  await server.app.db.insertInto('rewards').values(reward).execute();
  return reward;
}

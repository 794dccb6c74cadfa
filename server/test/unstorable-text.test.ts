import { UNSTORABLE_TEXT_MESSAGE } from '@cairn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type TestUser } from './factories';
import { DRIVERS, type TestServer } from './harness';
import { textSlots, type Slot } from './openapi-slots';
import { serverSuite } from './suites';
import { TUS, uploadMetadata } from './tus';

/**
 * Text no database can store — NUL, and an unpaired UTF-16 surrogate — sent in every place an
 * operation of openapi.yaml takes text: each is refused with a 400 that says why (on PostgreSQL,
 * NUL used to reach the database and answer 500), and every answer matches openapi.yaml.
 */

const NUL = 'a\u0000b';
const SURROGATE = 'a\ud800b';

/** Operations whose text never reaches a validation, with why. */
const NOT_VALIDATED: Record<string, string> = {
  // Only Stripe's signed events are read; anything else is refused by its signature.
  stripeWebhook: 'signed body',
};

/** Served from outside the API: answered without a 5xx, whatever they do with the text. */
const outsideApi = (slot: Slot) => !slot.label.includes(' /api/v2/') && !slot.label.includes(' /psa/');

const messageOf = (body: unknown): string => {
  const error = (body as { error?: unknown } | undefined)?.error;
  if (typeof error === 'string') return error;
  return String((error as { details?: unknown } | undefined)?.details ?? '');
};

describe.each(DRIVERS)('text that cannot be stored, in every operation (%s)', (driver) => {
  const suite = serverSuite(driver);
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createAdmin(suite.server);
  });

  const slots = textSlots();

  it('finds the places the issue was seen in', () => {
    const labels = slots.map((slot) => slot.label);
    for (const expected of [
      'POST /api/v2/auth/signup body.name',
      'PUT /api/v2/users/me body.lastname',
      'POST /api/v2/tokens/generate body.name',
      'POST /api/v2/admin/plans body.description',
      'GET /api/v2/users/me/uploads query.search',
      'POST /api/v2/plans/{code}/checkout path.code',
      'DELETE /api/v2/admin/plans/{code} path.code',
      'POST /psa/pins body.name',
      'POST /psa/pins body.meta.*key',
      'POST /psa/pins body.meta.*',
      'GET /psa/pins query.name',
    ]) {
      expect(labels).toContain(expected);
    }
  });

  it('refuses NUL and unpaired surrogates with a 400 everywhere the API takes text, and never fails', async () => {
    const problems: string[] = [];
    for (const slot of slots) {
      if (NOT_VALIDATED[slot.operationId]) continue;
      // A path or a query string carries bytes: an unpaired surrogate has no UTF-8 form to send.
      const texts = slot.where === 'body' ? [NUL, SURROGATE] : [NUL];
      for (const text of texts) {
        const { method, path, headers, json } = slot.request(text);
        const label = `${slot.label} ${JSON.stringify(text)}`;
        const res = await suite.server.api
          .request(method, path, { token: admin.token, headers, json })
          .catch((error: unknown) => error as Error);
        if (res instanceof Error) problems.push(`${label}: ${res.message}`);
        else if (res.status >= 500) problems.push(`${label}: ${res.status} ${res.text.slice(0, 200)}`);
        else if (!outsideApi(slot) && (res.status !== 400 || !messageOf(res.body).includes(UNSTORABLE_TEXT_MESSAGE))) {
          problems.push(`${label}: ${res.status} ${res.text.slice(0, 200)}`);
        }
      }
      if (slot.where !== 'body') {
        // What a client would send for a surrogate anyway: its UTF-8-like bytes, which decode to nothing valid.
        const { method, path, headers } = slot.request(SURROGATE);
        const res = await suite.server.api.request(method, path, { token: admin.token, headers, unchecked: true });
        if (res.status >= 500) problems.push(`${slot.label} %ED%A0%80: ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

/** A multipart body of one `file` part named `filename`, its header written as the bytes of that text. */
function form(filename: string) {
  const boundary = 'cairn-boundary';
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\nhello\r\n--${boundary}--\r\n`,
  );
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function nothingKept(server: TestServer, user: TestUser): Promise<void> {
  const row = await server.app.stores.users.findById(user.id);
  expect({ used: Number(row!.storage_used), reserved: Number(row!.storage_reserved) }).toEqual({ used: 0, reserved: 0 });
  expect((await server.api.get('/api/v2/users/me/uploads', { token: user.token })).body.total).toBe(0);
}

describe.each(DRIVERS)('text that cannot be stored, where no schema reads it (%s)', (driver) => {
  const suite = serverSuite(driver);
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(suite.server);
  });

  it('refuses it in the JSON of a Pinning Service API `meta` filter, key or value', async () => {
    for (const meta of ['{"app":"a\\u0000b"}', '{"a\\u0000b":"x"}', '{"app":"\\ud800"}']) {
      const res = await suite.server.api.get(`/psa/pins?meta=${encodeURIComponent(meta)}`, { token: user.token });
      expect(res.status, meta).toBe(400);
      expect(res.body.error, meta).toMatchObject({ reason: 'BAD_REQUEST', details: expect.stringContaining(UNSTORABLE_TEXT_MESSAGE) });
    }
  });

  it('refuses a file name holding NUL in a single-file, CAR or signed upload, keeping nothing', async () => {
    const api = suite.server.api;
    for (const path of ['/api/v2/upload', '/api/v2/upload/car']) {
      const res = await api.request('POST', path, { token: user.token, ...form('a\u0000b.txt') });
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({ code: 'validation_error', error: expect.stringContaining(UNSTORABLE_TEXT_MESSAGE) });
    }
    const signed = await api.post('/api/v2/uploads/signed', { maxBytes: 1000, expiresIn: 600 }, { token: user.token });
    const secretPath = new URL(signed.body.url).pathname;
    const refused = await api.request('POST', secretPath, form('a\u0000b.txt'));
    expect(refused.status).toBe(400);
    await nothingKept(suite.server, user);
    // The refusal did not use the URL up.
    expect((await api.request('POST', secretPath, form('good.txt'))).status).toBe(201);
    await api.delete(`/api/v2/uploads/${(await api.get('/api/v2/users/me/uploads', { token: user.token })).body.files[0].uploadId}`, {
      token: user.token,
    });
  });

  it('refuses a folder path holding NUL as an invalid path', async () => {
    const res = await suite.server.api.request('POST', '/api/v2/upload/directory', { token: user.token, ...form('docs/a\u0000b.txt') });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_path');
    await nothingKept(suite.server, user);
  });

  it('refuses a tus `filename` holding NUL before anything is reserved', async () => {
    const res = await suite.server.api.request('POST', '/api/v2/uploads/resumable', {
      token: user.token,
      headers: { ...TUS, 'Upload-Length': '5', 'Upload-Metadata': uploadMetadata({ filename: 'a\u0000b.txt' }) },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', error: expect.stringContaining(UNSTORABLE_TEXT_MESSAGE) });
    await nothingKept(suite.server, user);
    expect(await suite.server.app.db.selectFrom('resumable_uploads').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
  });
});

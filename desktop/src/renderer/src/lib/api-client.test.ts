import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, endsSession, INVALID_JSON, UNEXPECTED_SERVER_ERROR } from './api-client';

function setup(response: () => Response, token: string | null = 'jwt-1') {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const onSessionEnded = vi.fn();
  const client = createApiClient({
    baseUrl: '/api/v2',
    getToken: () => token,
    onSessionEnded,
    fetch: async (url, init) => {
      calls.push({ url: String(url), init });
      return response();
    },
  });
  return { client, calls, onSessionEnded };
}

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('createApiClient', () => {
  it('sends the bearer token, JSON body and query under the base path', async () => {
    const { client, calls } = setup(json(200, { ok: true }));
    await expect(client.post('/tokens/generate', { name: 'ci' }, { query: { a: 1, b: undefined } })).resolves.toEqual({ ok: true });
    expect(calls[0]!.url).toBe('/api/v2/tokens/generate?a=1');
    const headers = calls[0]!.init!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer jwt-1');
    expect(headers['Content-Type']).toBe('application/json');
    expect(calls[0]!.init!.body).toBe('{"name":"ci"}');
  });

  it('sends no token on public calls', async () => {
    const { client, calls } = setup(json(200, { languages: [] }));
    await client.get('/locales/languages', { auth: false });
    expect((calls[0]!.init!.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('keeps the well-formed validation details of an error and drops the rest', async () => {
    const body = {
      error: 'Invalid',
      code: 'validation_error',
      details: [{ path: 'country', message: 'Unknown country' }, { path: 3 }, null],
    };
    const error = await caught(setup(json(400, body)).client.post('/auth/signup', {}, { auth: false }));
    expect(error.details).toEqual([{ path: 'country', message: 'Unknown country' }]);
    expect((await caught(setup(json(409, { error: 'x', code: 'email_taken' })).client.get('/x'))).details).toEqual([]);
  });

  it('turns a JSON error into its error text and code', async () => {
    const { client, onSessionEnded } = setup(json(400, { error: 'Current password is incorrect', code: 'wrong_password' }));
    const error = await caught(client.put('/users/me/password', {}));
    expect([error.status, error.code, error.message]).toEqual([400, 'wrong_password', 'Current password is incorrect']);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it("answers 'Unexpected server error' for a non-JSON error", async () => {
    const { client } = setup(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    const error = await caught(client.get('/users/me'));
    expect([error.status, error.code, error.message]).toEqual([502, 'unexpected_error', UNEXPECTED_SERVER_ERROR]);
  });

  it("answers 'Response is not valid JSON' for a non-JSON success", async () => {
    const { client } = setup(() => new Response('<html>index</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const error = await caught(client.get('/users/me'));
    expect([error.code, error.message]).toEqual(['invalid_json', INVALID_JSON]);
    const broken = setup(() => new Response('{not json', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    expect((await caught(broken.client.get('/users/me'))).message).toBe(INVALID_JSON);
  });

  it('resolves undefined for 204', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    await expect(client.post('/auth/logout')).resolves.toBeUndefined();
  });

  it('ends the session on a 401 or 403 from an authenticated call', async () => {
    for (const [status, code] of [
      [401, 'invalid_token'],
      [403, 'account_disabled'],
    ] as const) {
      const { client, onSessionEnded } = setup(json(status, { error: 'nope', code }));
      await caught(client.get('/users/me'));
      expect(onSessionEnded).toHaveBeenCalledOnce();
    }
  });

  it('does not end a session on a failed login or a quota refusal', async () => {
    const login = setup(json(401, { error: 'Invalid email or password', code: 'invalid_credentials' }), null);
    await caught(login.client.post('/auth/login', {}, { auth: false }));
    expect(login.onSessionEnded).not.toHaveBeenCalled();
    const quota = setup(json(403, { error: 'Storage quota exceeded', code: 'quota_exceeded' }));
    await caught(quota.client.post('/uploads', {}));
    expect(quota.onSessionEnded).not.toHaveBeenCalled();
  });

  it('reports a network failure as its own error', async () => {
    const client = createApiClient({
      baseUrl: '',
      getToken: () => null,
      onSessionEnded: () => {},
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    expect((await caught(client.get('/x'))).code).toBe('network_error');
  });
});

describe('endsSession', () => {
  it('treats token errors as the end of a session whatever their status', () => {
    expect(endsSession(new ApiError(400, 'session_ended', 'Session ended'))).toBe(true);
    expect(endsSession(new ApiError(400, 'bad', 'JWT malformed'))).toBe(true);
    expect(endsSession(new ApiError(404, 'token_not_found', 'Token not found'))).toBe(false);
    expect(endsSession(new ApiError(400, 'wrong_password', 'Current password is incorrect'))).toBe(false);
  });
});

import type { ErrorCode } from '@cairn/shared/api-types';

/** An error answered by the Cairn API (or a failure to reach it). `code` is stable; the UI translates it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The server's per-field problems on `validation_error`: dotted path and English message. */
    readonly details: readonly { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const UNEXPECTED_SERVER_ERROR = 'Unexpected server error';
export const INVALID_JSON = 'Response is not valid JSON';

/** Codes the server uses when a bearer token no longer opens a session. */
const SESSION_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'missing_token',
  'invalid_token',
  'session_ended',
  'token_expired',
  'token_revoked',
  'token_ip_not_allowed',
]);
/** 403s that refuse one action but leave the session valid (quota), so they must not log out. */
const KEEP_SESSION_CODES: ReadonlySet<string> = new Set<ErrorCode>(['quota_exceeded']);

/** True when an error on an authenticated call means the session is over (spec section 4). */
export function endsSession(error: ApiError): boolean {
  if (error.status === 401) return true;
  if (error.status === 403) return !KEEP_SESSION_CODES.has(error.code);
  return SESSION_CODES.has(error.code) || /\b(jwt|invalid token|expired token)\b/i.test(error.message);
}

/** What the login page tells a user whose session the server ended: a disabled account says so. */
export function sessionEndNotice(error: ApiError): 'account_disabled' | 'session_closed' {
  return error.code === 'account_disabled' ? 'account_disabled' : 'session_closed';
}

export interface ApiClientOptions {
  /** Base address of the API, e.g. `/api/v2`. */
  baseUrl: string;
  getToken(): string | null;
  /** Called when an authenticated call shows that the session is over. */
  onSessionEnded(error: ApiError): void;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  body?: unknown;
  /** false for public endpoints (login, sign-up, locales): no bearer header, no logout on 401. */
  auth?: boolean;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

export type ApiClient = ReturnType<typeof createApiClient>;

function issuesOf(details: unknown): { path: string; message: string }[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((item: unknown) => {
    const { path, message } = (item ?? {}) as Record<string, unknown>;
    return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : [];
  });
}

async function readJson(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const type = response.headers.get('content-type') ?? '';
  if (!/\bjson\b/i.test(type)) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(await response.text()) };
  } catch {
    return { ok: false };
  }
}

/** A small fetch wrapper: JSON in and out, bearer auth, one error type, session-end detection. */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  async function request<T>(method: string, path: string, { body, auth = true, query, signal }: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = auth ? options.getToken() : null;
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
    const url = `${options.baseUrl}${path}${search.size ? `?${search}` : ''}`;

    let response: Response;
    try {
      response = await doFetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, 'network_error', 'Network error');
    }

    if (response.ok && response.status === 204) return undefined as T;
    const parsed = await readJson(response);
    if (!response.ok) {
      const payload = parsed.ok && parsed.value && typeof parsed.value === 'object' ? (parsed.value as Record<string, unknown>) : null;
      const error = payload
        ? new ApiError(
            response.status,
            typeof payload.code === 'string' ? payload.code : 'unexpected_error',
            typeof payload.error === 'string' ? payload.error : UNEXPECTED_SERVER_ERROR,
            issuesOf(payload.details),
          )
        : new ApiError(response.status, 'unexpected_error', UNEXPECTED_SERVER_ERROR);
      if (auth && token && endsSession(error)) options.onSessionEnded(error);
      throw error;
    }
    if (!parsed.ok) throw new ApiError(response.status, 'invalid_json', INVALID_JSON);
    return parsed.value as T;
  }

  return {
    request,
    get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }),
    put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  };
}

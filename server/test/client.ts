import { validateResponse } from './openapi-validator';

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string | null;
  json?: unknown;
  body?: RequestInit['body'];
  headers?: Record<string, string>;
  /** Skip the OpenAPI response check (only for deliberately undocumented requests). */
  unchecked?: boolean;
}

/**
 * HTTP client for tests against a real server. Every response is checked against openapi.yaml, so
 * the spec cannot drift from what the server really answers.
 */
export function createClient(baseUrl: string) {
  async function request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    const contentType = res.headers.get('content-type') ?? '';
    const parsed = contentType.includes('json') && text ? JSON.parse(text) : text;
    if (!options.unchecked && (path.startsWith('/api/') || path.startsWith('/psa/'))) {
      const problems = validateResponse({
        method,
        url: path,
        status: res.status,
        contentType,
        body: text ? parsed : undefined,
        headers: res.headers,
      });
      // A thrown error rather than vitest's expect: the crash benchmark uses this client outside vitest.
      if (problems.length > 0) throw new Error(`${method} ${path} → ${res.status} does not match openapi.yaml:\n${problems.join('\n')}`);
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }
  return {
    request,
    get: <T = any>(path: string, o?: RequestOptions) => request<T>('GET', path, o),
    post: <T = any>(path: string, json?: unknown, o?: RequestOptions) => request<T>('POST', path, { ...o, json }),
    put: <T = any>(path: string, json?: unknown, o?: RequestOptions) => request<T>('PUT', path, { ...o, json }),
    patch: <T = any>(path: string, json?: unknown, o?: RequestOptions) => request<T>('PATCH', path, { ...o, json }),
    delete: <T = any>(path: string, o?: RequestOptions) => request<T>('DELETE', path, o),
  };
}
export type TestClient = ReturnType<typeof createClient>;

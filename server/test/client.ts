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
    const contentType = res.headers.get('content-type') ?? '';
    // An event stream does not end while the server runs: its first message is its answer here,
    // judged like bytes (by status and content type).
    const stream = contentType.startsWith('text/event-stream') ? await firstChunk(res) : undefined;
    const text = stream ? new TextDecoder().decode(stream) : await res.text();
    const parsed = contentType.includes('json') && text ? JSON.parse(text) : text;
    if (!options.unchecked && (path.startsWith('/api/') || path.startsWith('/psa/'))) {
      const problems = validateResponse({
        method,
        url: path,
        status: res.status,
        contentType,
        body: stream ?? (text ? parsed : undefined),
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

/** The first bytes of a response's body, then the body is let go. */
async function firstChunk(res: Response): Promise<Uint8Array> {
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return value ?? new Uint8Array(0);
}

import { describe, expect, it } from 'vitest';
import { API_BASE, apiRouter } from '../src/app';
import { docsRoutes } from '../src/routes/docs/index';
import { compileAllSchemas, documentedOperations, openapiSpec, unresolvedRefs, validateResponse } from './openapi-validator';

type Json = Record<string, any>;

const key = (op: { method: string; path: string }) => `${op.method} ${op.path}`;

/** `METHOD /path/{param}` for every route a router registers (HEAD comes free with GET). */
function routesOf(router: { stack: { path: string | RegExp; methods: string[] }[] }): string[] {
  return router.stack
    .filter((layer) => layer.methods.length > 0 && typeof layer.path === 'string')
    .flatMap((layer) =>
      layer.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => key({ method, path: (layer.path as string).replace(/:([A-Za-z0-9_]+)/g, '{$1}') })),
    )
    .sort();
}

const documented = () =>
  documentedOperations()
    .filter((op) => op.method !== 'HEAD')
    .map(key)
    .sort();
const documentedApi = () => documented().filter((op) => op.split(' ')[1]!.startsWith(`${API_BASE}/`));

function operations(): { method: string; path: string; op: Json }[] {
  const spec = openapiSpec();
  return Object.entries<Json>(spec.paths).flatMap(([path, item]) =>
    ['get', 'put', 'post', 'delete', 'patch'].filter((m) => item[m]).map((m) => ({ method: m.toUpperCase(), path, op: item[m] })),
  );
}

const user = {
  id: '9a7f3c52-1d2e-4b8a-9f4e-2c6b1a0d5e73',
  email: 'ada@example.com',
  name: 'Ada',
  lastname: 'Lovelace',
  country: 'GB',
  birthDate: '10/12/1985',
  language: 'en',
  role: 'user',
  status: 'active',
  referralCode: 'K7QX2M9P',
  createdAt: '2025-03-01T12:00:00.000Z',
};
const token = {
  id: '3b241101-e2bb-4255-8caf-4136c566a962',
  name: 'laptop',
  prefix: 'cairn_Y81Nvw',
  allowedIp: null,
  expiresAt: '2025-03-31T12:00:00.000Z',
  createdAt: '2025-03-01T12:00:00.000Z',
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: null,
  status: 'active',
};
const secret = 'cairn_Y81NvwnfUCkcgKS0lMw9bk_R0fuJpHtFfQCgPeKnVd0';
const JSON_TYPE = 'application/json; charset=utf-8';
const get = (url: string, status: number, body: unknown, contentType: string | null = JSON_TYPE) =>
  validateResponse({ method: 'GET', url, status, contentType, body });
const omit = (object: Json, field: string) => Object.fromEntries(Object.entries(object).filter(([name]) => name !== field));

describe('openapi.yaml', () => {
  it('parses as OpenAPI 3.1 and every $ref resolves', () => {
    const spec = openapiSpec();
    expect(spec.openapi).toBe('3.1.0');
    expect(spec.servers?.[0]?.url).toBe(API_BASE);
    expect(unresolvedRefs()).toEqual([]);
  });

  it('compiles every component schema and every response schema', () => {
    expect(compileAllSchemas()).toEqual([]);
  });

  it('closes every response object schema, so an extra field is caught', () => {
    // Request bodies stay open (the server ignores unknown fields); `*Fields` are allOf bases
    // closed by the schema that uses them with `unevaluatedProperties: false`.
    const open = Object.entries<Json>(openapiSpec().components.schemas)
      .filter(([name, schema]) => !/(Request|Fields)$/.test(name) && (schema.properties || schema.allOf))
      .filter(([, schema]) => schema.additionalProperties !== false && schema.unevaluatedProperties !== false)
      .map(([name]) => name);
    expect(open).toEqual([]);
  });

  it('documents the errors each operation can produce', () => {
    // Replaces Redocly's operation-4xx-response (see redocly.yaml) with the specific rule.
    const spec = openapiSpec();
    const missing: string[] = [];
    for (const { method, path, op } of operations()) {
      const statuses = Object.keys(op.responses ?? {});
      const need = (status: string, why: string) => {
        if (!statuses.includes(status)) missing.push(`${method} ${path}: ${status} (${why})`);
      };
      const secured = (op.security ?? spec.security ?? []).length > 0;
      const isApi = !spec.paths[path].servers;
      if (isApi) need('500', 'every API operation');
      if (secured) need('401', 'authenticated');
      if (op.requestBody) ['400', '413', '415'].forEach((status) => need(status, 'reads a JSON body'));
      if (op.parameters?.length) need('400', 'validates parameters');
      if (!op.operationId || !op.summary || !op.tags?.length) missing.push(`${method} ${path}: operationId, summary and tags`);
    }
    expect(missing).toEqual([]);
  });
});

describe('openapi.yaml matches the routes', () => {
  it('documents every API route, and every documented API operation exists', () => {
    expect(documentedApi()).toEqual(routesOf(apiRouter()));
  });

  it('would notice an undocumented route', () => {
    const router = apiRouter();
    router.get('/undocumented', (ctx) => {
      ctx.body = {};
    });
    expect(routesOf(router)).not.toEqual(documentedApi());
    expect(routesOf(router)).toContain(`GET ${API_BASE}/undocumented`);
  });

  it('documents only docs pages that exist', () => {
    const served = routesOf(docsRoutes());
    const docs = documented().filter((op) => !op.split(' ')[1]!.startsWith(`${API_BASE}/`));
    expect(docs.length).toBeGreaterThan(0);
    expect(served).toEqual(expect.arrayContaining(docs));
  });
});

describe('validateResponse', () => {
  it('accepts conforming responses', () => {
    expect(get('/api/v2/users/me', 200, user)).toEqual([]);
    expect(get('http://127.0.0.1:8080/api/v2/users/me/?x=1', 200, user)).toEqual([]);
    expect(
      validateResponse({
        method: 'POST',
        url: '/api/v2/tokens/generate',
        status: 201,
        contentType: JSON_TYPE,
        body: { ...token, token: secret },
      }),
    ).toEqual([]);
    expect(
      validateResponse({
        method: 'DELETE',
        url: `/api/v2/tokens/${token.id}`,
        status: 200,
        contentType: JSON_TYPE,
        body: { ...token, status: 'revoked', revokedAt: token.createdAt },
      }),
    ).toEqual([]);
    expect(validateResponse({ method: 'POST', url: '/api/v2/auth/logout', status: 204, contentType: '', body: undefined })).toEqual([]);
    expect(validateResponse({ method: 'HEAD', url: '/api/v2/users/me', status: 200, contentType: JSON_TYPE, body: undefined })).toEqual([]);
    expect(get('/docs', 200, '<!doctype html>', 'text/html; charset=utf-8')).toEqual([]);
    expect(get('/docs/openapi.yaml', 200, 'openapi: 3.1.0', 'application/yaml; charset=utf-8')).toEqual([]);
  });

  it('reports a missing required field', () => {
    const problems = get('/api/v2/users/me', 200, omit(user, 'email'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/GET \/api\/v2\/users\/me → 200: body does not match the schema: .*required property 'email'/);
    expect(
      validateResponse({ method: 'POST', url: '/api/v2/tokens/generate', status: 201, contentType: JSON_TYPE, body: token })[0],
    ).toMatch(/required property 'token'/);
  });

  it('reports an extra field, including on allOf-composed schemas', () => {
    expect(get('/api/v2/users/me', 200, { ...user, passwordHash: 'x' })[0]).toMatch(/additional properties 'passwordHash'/);
    expect(get('/api/v2/tokens', 200, { tokens: [{ ...token, tokenHash: 'x' }] })[0]).toMatch(/unevaluated properties 'tokenHash'/);
  });

  it('reports a wrong type, format or enum value', () => {
    expect(get('/api/v2/users/me', 200, { ...user, createdAt: 'yesterday' })[0]).toMatch(/createdAt must match format "date-time"/);
    expect(get('/api/v2/users/me', 200, { ...user, role: 'root' })[0]).toMatch(/role must be equal to one of the allowed values/);
    expect(get('/api/v2/users/me', 401, { error: 'No', code: 'not_a_documented_code' })[0]).toMatch(/body\/code/);
  });

  it('reports an undocumented status', () => {
    expect(get('/api/v2/users/me', 418, { error: 'teapot', code: 'teapot' })).toEqual([
      expect.stringMatching(/status 418 is not documented \(documented: 200, 401, 500\)/),
    ]);
  });

  it('reports an undocumented path or method unless it is the router’s generic error', () => {
    expect(get('/api/v2/nope', 200, {})[0]).toMatch(/path is not documented/);
    expect(get('/api/v2/nope', 404, { error: 'Not found', code: 'not_found' })).toEqual([]);
    expect(get('/api/v2/nope', 404, { message: 'Not found' })[0]).toMatch(/generic JSON error/);
    const patch = (status: number, body: unknown) =>
      validateResponse({ method: 'PATCH', url: '/api/v2/users/me', status, contentType: JSON_TYPE, body });
    expect(patch(200, user)[0]).toMatch(/method PATCH is not documented for \/api\/v2\/users\/me/);
    expect(patch(405, { error: 'Method Not Allowed', code: 'method_not_allowed' })).toEqual([]);
    expect(get('/', 200, '<html>', 'text/html')).toEqual([]);
  });

  it('maps a concrete path to a template when the concrete one lacks the method', () => {
    const body = { error: 'Token not found', code: 'validation_error', details: [{ path: 'id', message: 'Token not found' }] };
    expect(validateResponse({ method: 'DELETE', url: '/api/v2/tokens/generate', status: 400, contentType: JSON_TYPE, body })).toEqual([]);
  });

  it('reports a body on a bodiless response and a missing body', () => {
    expect(
      validateResponse({ method: 'POST', url: '/api/v2/auth/logout', status: 204, contentType: JSON_TYPE, body: { ok: true } })[0],
    ).toMatch(/no body is documented/);
    expect(get('/api/v2/users/me', 200, undefined, '')[0]).toMatch(/a body is documented/);
  });

  it('reports an undocumented content type', () => {
    expect(get('/api/v2/users/me', 200, 'hello', 'text/plain')[0]).toMatch(/content type 'text\/plain' is not documented/);
    expect(get('/docs', 200, {}, JSON_TYPE)[0]).toMatch(/content type/);
  });

  it('checks required headers when they are given', () => {
    const limited = (headers: Record<string, string>) =>
      validateResponse({
        method: 'POST',
        url: '/api/v2/auth/login',
        status: 429,
        contentType: JSON_TYPE,
        body: { error: 'Too many attempts, try again later', code: 'rate_limited' },
        headers,
      });
    expect(limited({ 'retry-after': '30' })).toEqual([]);
    expect(limited({})[0]).toMatch(/required header Retry-After is missing/);
    expect(limited({ 'Retry-After': 'soon' })[0]).toMatch(/Retry-After/);
  });

  it('is fast enough to check every response of the suite', () => {
    const started = performance.now();
    for (let i = 0; i < 2000; i++) get('/api/v2/users/me', 200, user);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

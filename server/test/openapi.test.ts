import { describe, expect, it } from 'vitest';
import { API_BASE, apiRouter } from '../src/app';
import { gatewayRoutes } from '../src/gateway/index';
import { healthRoutes } from '../src/ops/health';
import { metricsRoutes } from '../src/ops/metrics-route';
import { tlsAskRoutes } from '../src/ops/tls-ask';
import { docsRoutes } from '../src/routes/docs/index';
import { psaRoutes } from '../src/routes/psa/index';
import { routingRoutes } from '../src/routes/routing/index';
import { compileAllSchemas, documentedOperations, openapiSpec, unresolvedRefs, validateResponse } from './openapi-validator';

type Json = Record<string, any>;

const key = (op: { method: string; path: string }) => `${op.method} ${op.path}`;

/**
 * `METHOD /path/{param}` for every route a router registers (HEAD comes free with GET). An optional
 * trailing wildcard group (`/ipfs/:cid{/*path}`) is two documented paths: without it and with `/{path}`.
 */
function routesOf(router: { stack: { path: string | RegExp; methods: string[] }[] }): string[] {
  const expand = (path: string): string[] => {
    const optional = /\{\/\*([A-Za-z0-9_]+)\}$/.exec(path);
    return optional ? [path.slice(0, optional.index), `${path.slice(0, optional.index)}/{${optional[1]}}`] : [path];
  };
  return router.stack
    .filter((layer) => layer.methods.length > 0 && typeof layer.path === 'string')
    .flatMap((layer) =>
      layer.methods
        .filter((method) => method !== 'HEAD')
        .flatMap((method) => expand((layer.path as string).replace(/:([A-Za-z0-9_]+)/g, '{$1}')).map((path) => key({ method, path }))),
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
  scopes: ['all'],
  groupId: null,
  groupName: null,
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
      // Secured unless one alternative needs no credential (`- {}`: optional authentication).
      const requirements: Json[] = op.security ?? spec.security ?? [];
      const secured = requirements.length > 0 && requirements.every((requirement) => Object.keys(requirement).length > 0);
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
    const docs = documented().filter((op) => op.split(' ')[1]!.startsWith('/docs'));
    expect(docs.length).toBeGreaterThan(0);
    expect(served).toEqual(expect.arrayContaining(docs));
  });

  it('documents every gateway route, and every documented gateway operation exists', () => {
    const gateway = documented().filter((op) => /^\S+ \/ip[fn]s\//.test(op));
    expect(gateway).toEqual(routesOf(gatewayRoutes()));
    expect(gateway).toEqual([
      'GET /ipfs/{cid}',
      'GET /ipfs/{cid}/{path}',
      'GET /ipns/{name}',
      'GET /ipns/{name}/{path}',
      'OPTIONS /ipfs/{cid}',
      'OPTIONS /ipfs/{cid}/{path}',
      'OPTIONS /ipns/{name}',
      'OPTIONS /ipns/{name}/{path}',
    ]);
    // HEAD is documented on its own (no body), for both gateway paths.
    const heads = documentedOperations()
      .filter((op) => op.method === 'HEAD')
      .map(key)
      .sort();
    expect(heads).toEqual(['HEAD /ipfs/{cid}', 'HEAD /ipfs/{cid}/{path}', 'HEAD /ipns/{name}', 'HEAD /ipns/{name}/{path}']);
  });

  it('documents every Delegated Routing route, and every documented one exists', () => {
    const routing = documented().filter((op) => op.split(' ')[1]!.startsWith('/routing/v1/'));
    expect(routing).toEqual(routesOf(routingRoutes()));
    expect(routing).toEqual([
      'GET /routing/v1/ipns/{name}',
      'GET /routing/v1/providers/{cid}',
      'OPTIONS /routing/v1/ipns/{name}',
      'OPTIONS /routing/v1/providers/{cid}',
      'PUT /routing/v1/ipns/{name}',
    ]);
  });

  it('documents every operations route (probes, metrics, the TLS ask), and every documented one exists', () => {
    const served = [...routesOf(healthRoutes()), ...routesOf(metricsRoutes()), ...routesOf(tlsAskRoutes())].sort();
    const ops = documented().filter((op) => /^\S+ \/(healthz|readyz|metrics|tls\/allowed)$/.test(op));
    expect(ops.sort()).toEqual(served);
    expect(served).toEqual(['GET /healthz', 'GET /metrics', 'GET /readyz', 'GET /tls/allowed']);
  });

  it('documents every Pinning Service API route, and every documented one exists', () => {
    const psa = documented().filter((op) => op.split(' ')[1]!.startsWith('/psa/'));
    expect(psa).toEqual(routesOf(psaRoutes().router));
    expect(psa).toHaveLength(5);
  });

  it('documents no path outside the API, the docs pages, the gateway, the routing API, the operations routes and the Pinning Service API', () => {
    const elsewhere = documented().filter(
      (op) => !/^\S+ (\/api\/v2\/|\/docs|\/ip[fn]s\/|\/routing\/v1\/|\/psa\/|\/(healthz|readyz|metrics|tls\/allowed)$)/.test(op),
    );
    expect(elsewhere).toEqual([]);
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
      expect.stringMatching(/status 418 is not documented \(documented: 200, 401, 403, 429, 500\)/),
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

describe('validateResponse on content routes', () => {
  const cid = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';
  const upload = {
    uploadId: '0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b',
    name: 'notes.md',
    originalName: 'notes.md',
    customName: null,
    nameSource: 'original',
    cid,
    size: 8,
    chargedBytes: 8,
    type: 'file',
    category: 'text',
    filesCount: 1,
    source: 'upload',
    private: false,
    createdAt: '2025-03-01T12:00:00.000Z',
  };
  const post = (url: string, status: number, body: unknown) =>
    validateResponse({ method: 'POST', url, status, contentType: JSON_TYPE, body });
  const content = {
    etag: `"${cid}"`,
    'cache-control': 'public, max-age=29030400, immutable',
    'content-security-policy': "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'",
    'x-content-type-options': 'nosniff',
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
    'access-control-allow-methods': 'GET, HEAD, OPTIONS',
    'access-control-allow-headers': 'Content-Type, Range, User-Agent, X-Requested-With',
    'access-control-expose-headers':
      'Content-Length, Content-Range, Content-Disposition, ETag, X-Ipfs-Path, X-Ipfs-Roots, X-Chunked-Output, X-Stream-Output, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset',
    'x-ipfs-path': `/ipfs/${cid}`,
    'x-ipfs-roots': cid,
  };
  const gateway = (status: number, contentType: string, body: unknown, headers: Record<string, string> = content, method = 'GET') =>
    validateResponse({ method, url: `/ipfs/${cid}?download=1`, status, contentType, body, headers });

  it('ties the upload status to `duplicate`', () => {
    expect(post('/api/v2/upload', 201, { ...upload, duplicate: false })).toEqual([]);
    expect(post('/api/v2/file', 200, { ...upload, duplicate: true })).toEqual([]);
    expect(post('/api/v2/upload', 201, { ...upload, duplicate: true })[0]).toMatch(/duplicate must be equal to constant/);
    expect(post('/api/v2/upload', 201, upload)[0]).toMatch(/required property 'duplicate'/);
    expect(post('/api/v2/upload', 201, { ...upload, duplicate: false, files: [] })[0]).toMatch(/unevaluated properties 'files'/);
  });

  it('accepts either directory mode, and nothing in between', () => {
    const files = [{ filename: 'docs/a/readme.md', cid, size: 8 }];
    expect(post('/api/v2/upload/directory', 201, { ...upload, type: 'dag', duplicate: false, files })).toEqual([]);
    expect(post('/api/v2/upload/directory', 201, { files: [{ ...upload, duplicate: false }], total: 1, size: 8 })).toEqual([]);
    expect(post('/api/v2/upload/directory', 201, { files: [upload], total: 1, size: 8 })).toHaveLength(1);
    expect(post('/api/v2/file/folder', 201, { files: [{ ...upload, duplicate: false }], total: 1, size: 8 })).toHaveLength(1);
  });

  it('holds pin jobs to their status', () => {
    const job = {
      id: '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b',
      cid,
      status: 'queued',
      bytesFetched: 0,
      blocks: 0,
      error: null,
      errorCode: null,
      createdAt: '2025-03-01T12:00:00.000Z',
      updatedAt: '2025-03-01T12:00:00.000Z',
      upload: null,
    };
    expect(post('/api/v2/pins', 202, job)).toEqual([]);
    expect(post('/api/v2/pins', 201, { ...job, status: 'pinned', upload: { ...upload, source: 'pin' } })).toEqual([]);
    expect(post('/api/v2/pins', 201, { ...job, status: 'pinned' })).toHaveLength(1);
    expect(post('/api/v2/pins', 202, { ...job, status: 'pinned' })).toHaveLength(1);
    expect(get(`/api/v2/pins/${job.id}`, 200, { ...job, status: 'failed', errorCode: 'made_up' })[0]).toMatch(/errorCode/);
  });

  it('judges gateway answers by status, content type and headers, whatever the bytes', () => {
    expect(gateway(200, 'image/png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toEqual([]);
    expect(gateway(200, 'text/plain; charset=utf-8', '# hello\n', { ...content, 'accept-ranges': 'bytes' })).toEqual([]);
    expect(gateway(200, 'text/html; charset=utf-8', '<!doctype html><html></html>')).toEqual([]);
    expect(
      validateResponse({
        method: 'GET',
        url: `/ipfs/${cid}/docs`,
        status: 200,
        contentType: 'text/html',
        body: '<html>',
        headers: content,
      }),
    ).toEqual([]);
    const disposition = { ...content, 'content-disposition': 'attachment; filename="notes.md"; filename*=UTF-8\'\'notes.md' };
    expect(gateway(200, 'application/octet-stream', new Uint8Array(3), disposition)).toEqual([]);
    expect(gateway(200, 'text/plain', 'x', { ...content, 'content-disposition': 'inline' })[0]).toMatch(/Content-Disposition/);
    expect(gateway(200, 'text/plain', 'x', { ...content, 'x-ipfs-roots': 'a, b' })[0]).toMatch(/X-Ipfs-Roots/);
    expect(gateway(200, 'text/plain', 'x', { ...content, 'content-security-policy': "default-src 'self'" })[0]).toMatch(
      /Content-Security-Policy/,
    );
    expect(gateway(200, 'text/plain', 'x', { ...content, etag: 'W/"x"' })[0]).toMatch(/ETag/);
    for (const etag of [`W/"${cid}.car.AbC-_1"`, `W/"${cid}.x-tar"`, `"${cid}.dag-json"`, `"DirIndex-cairn-2_CID-${cid}"`]) {
      expect(gateway(200, 'application/octet-stream', new Uint8Array(1), { ...content, etag })).toEqual([]);
    }
    const { etag: _etag, ...withoutEtag } = content;
    expect(gateway(200, 'text/plain', 'x', withoutEtag)[0]).toMatch(/required header ETag is missing/);
  });

  it('checks ranges, revalidation, redirects and HEAD on the gateway', () => {
    expect(gateway(206, 'image/png', new Uint8Array(4), { ...content, 'content-range': 'bytes 0-3/10', 'accept-ranges': 'bytes' })).toEqual(
      [],
    );
    expect(gateway(206, 'image/png', new Uint8Array(4), {})[0]).toMatch(/required header ETag is missing/);
    expect(gateway(206, 'multipart/byteranges; boundary=x', new Uint8Array(4), content)).toEqual([]);
    expect(gateway(304, '', undefined)).toEqual([]);
    expect(gateway(304, 'text/plain', 'x')[0]).toMatch(/no body is documented/);
    const unsatisfiable = { error: 'Requested range not satisfiable', code: 'range_not_satisfiable' };
    const notStored = { ...content, 'cache-control': 'no-store' };
    expect(gateway(416, JSON_TYPE, unsatisfiable, { ...notStored, 'content-range': 'bytes */10' })).toEqual([]);
    expect(gateway(416, JSON_TYPE, unsatisfiable, { ...notStored, 'content-range': 'bytes 0-3/10' })[0]).toMatch(/Content-Range/);
    const slash = { location: `/ipfs/${cid}/docs/`, 'access-control-allow-origin': '*' };
    expect(gateway(301, 'text/plain; charset=utf-8', `Redirecting to ${slash.location}.`, slash)).toEqual([]);
    const location = { location: `https://gateway.example.com/ipfs/${cid}` };
    expect(gateway(302, 'text/plain; charset=utf-8', `Redirecting to ${location.location}.`, location)).toEqual([]);
    expect(gateway(302, 'text/plain', 'moved', {})).toHaveLength(2);
    expect(gateway(200, 'image/png', undefined, { ...content, 'content-length': '4' }, 'HEAD')).toEqual([]);
    expect(gateway(200, 'image/png', 'x', content, 'HEAD')[0]).toMatch(/no body is documented/);
    expect(gateway(404, JSON_TYPE, undefined, {}, 'HEAD')).toEqual([]);
  });

  it('holds gateway errors to their codes', () => {
    expect(gateway(404, JSON_TYPE, { error: 'This content is not stored here', code: 'not_found' })).toEqual([]);
    expect(gateway(400, JSON_TYPE, { error: 'Invalid CID', code: 'invalid_cid' })).toEqual([]);
    expect(gateway(404, JSON_TYPE, { error: 'File not found', code: 'file_not_found' })[0]).toMatch(/body\/code/);
    expect(gateway(403, JSON_TYPE, { error: 'Not valid', code: 'access_link_invalid' })).toEqual([]);
    expect(gateway(403, JSON_TYPE, { error: 'No', code: 'forbidden' })[0]).toMatch(/body\/code/);
    expect(gateway(409, JSON_TYPE, { error: 'No', code: 'forbidden' })[0]).toMatch(/status 409 is not documented/);
  });
});

import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { serverSuite } from '../../test/suites';
import { TUS, tusCreate } from '../../test/tus';
import { buildConfig, ConfigError } from '../config/config';

const ELSEWHERE = 'https://app.elsewhere.example';
const TUS_REQUEST_HEADERS = 'authorization, content-type, tus-resumable, upload-length, upload-offset, upload-metadata, upload-concat';

/** A browser's preflight: OPTIONS with the method and headers the real request will carry. */
function preflight(url: string, method: string, origin = ELSEWHERE) {
  return fetch(url, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': TUS_REQUEST_HEADERS },
  });
}

const list = (value: string | null) => (value ?? '').split(',').map((entry) => entry.trim().toLowerCase());

describe('CORS for any origin (the default)', () => {
  const suite = serverSuite('sqlite');

  it('answers preflights of the API and the Pinning Service API, without credentials', async () => {
    const { server } = suite;
    const preflights: Array<[string, string]> = [
      ['/api/v2/uploads/resumable', 'POST'],
      ['/api/v2/uploads/resumable/some-upload', 'PATCH'],
      ['/api/v2/users/me', 'GET'],
      ['/psa/pins', 'POST'],
    ];
    for (const [path, method] of preflights) {
      const res = await preflight(`${server.url}${path}`, method);
      expect(res.status, path).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(list(res.headers.get('access-control-allow-methods'))).toEqual(
        expect.arrayContaining(['get', 'head', 'post', 'patch', 'delete']),
      );
      expect(list(res.headers.get('access-control-allow-headers'))).toEqual(expect.arrayContaining(list(TUS_REQUEST_HEADERS)));
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    }
  });

  it('answers the gateway with its own rules: reads only, from anywhere, with no credential to carry', async () => {
    const res = await preflight(`${suite.server.url}/ipfs/bafkqaaa`, 'GET');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(list(res.headers.get('access-control-allow-methods'))).toEqual(['get', 'head', 'options']);
    expect(list(res.headers.get('access-control-allow-headers'))).not.toContain('authorization');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('lets a page read answers and the tus headers, and never offers the session cookie', async () => {
    const { server } = suite;
    const user = await createUser(server);
    const me = await server.api.get('/api/v2/users/me', { token: user.token, headers: { Origin: ELSEWHERE } });
    expect(me.status).toBe(200);
    expect(me.headers.get('access-control-allow-origin')).toBe('*');
    expect(me.headers.get('access-control-allow-credentials')).toBeNull();

    const created = await tusCreate(server.api, '/api/v2/uploads/resumable', 10, { token: user.token });
    const location = created.headers.get('location')!;
    const head = await server.api.request('HEAD', location, { token: user.token, headers: { ...TUS, Origin: ELSEWHERE } });
    expect(head.status).toBe(200);
    expect(head.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = list(head.headers.get('access-control-expose-headers'));
    for (const name of ['location', 'upload-offset', 'upload-length', 'tus-resumable', 'retry-after']) expect(exposed).toContain(name);

    // Errors carry the headers too, or a page could not read why it was refused.
    const refused = await server.api.get('/api/v2/users/me', { headers: { Origin: ELSEWHERE } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('keeps OPTIONS without a preflight and other methods answered with the path’s Allow', async () => {
    const { server } = suite;
    const options = await fetch(`${server.url}/api/v2/tokens/generate`, { method: 'OPTIONS', headers: { Origin: ELSEWHERE } });
    expect(options.status).toBe(200);
    expect(list(options.headers.get('allow'))).toEqual(['post']);
    const wrong = await server.api.request('DELETE', '/api/v2/tokens/generate', { headers: { Origin: ELSEWHERE }, unchecked: true });
    expect(wrong.status).toBe(405);
    expect(wrong.body.code).toBe('method_not_allowed');
    expect(list(wrong.headers.get('allow'))).toEqual(['post']);
    const plain = await fetch(`${server.url}/api/v2/uploads/resumable`, { method: 'OPTIONS' });
    expect(plain.headers.get('allow')).toContain('POST');
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('adds nothing to the app’s own pages', async () => {
    const res = await preflight(`${suite.server.url}/login`, 'GET');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS for listed origins (CORS_ORIGINS)', () => {
  const suite = serverSuite('sqlite', { corsOrigins: [ELSEWHERE] });

  it('answers a listed origin by name and leaves any other without CORS headers', async () => {
    const { server } = suite;
    const listed = await preflight(`${server.url}/api/v2/uploads/resumable`, 'POST');
    expect(listed.status).toBe(204);
    expect(listed.headers.get('access-control-allow-origin')).toBe(ELSEWHERE);
    expect(list(listed.headers.get('vary'))).toContain('origin');
    expect(listed.headers.get('access-control-allow-credentials')).toBeNull();
    const other = await preflight(`${server.url}/api/v2/uploads/resumable`, 'POST', 'https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const read = await server.api.get('/api/v2/plans', { headers: { Origin: 'https://evil.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reads CORS_ORIGINS: * by default, a list of origins, and refuses what is not an origin', () => {
    expect(buildConfig({}).corsOrigins).toBe('*');
    expect(buildConfig({ corsOrigins: ' https://a.example , http://127.0.0.1:5173/' }).corsOrigins).toEqual([
      'https://a.example',
      'http://127.0.0.1:5173',
    ]);
    expect(() => buildConfig({ corsOrigins: 'https://a.example/app' })).toThrow(ConfigError);
    expect(() => buildConfig({ corsOrigins: 'not a url' })).toThrow(ConfigError);
  });
});

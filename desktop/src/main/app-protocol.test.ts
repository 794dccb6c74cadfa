import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isExternalUrl, resolveAppRequest } from './app-protocol';

const root = path.resolve('/opt/cairn/renderer');
const server = 'http://127.0.0.1:8080';

describe('resolveAppRequest', () => {
  it('serves built assets from the renderer folder', () => {
    expect(resolveAppRequest('app://cairn/assets/index-abc.js', root, server)).toEqual({
      kind: 'file',
      file: path.join(root, 'assets/index-abc.js'),
    });
  });

  it('falls back to index.html for client-side routes', () => {
    expect(resolveAppRequest('app://cairn/settings/tokens', root, server)).toEqual({ kind: 'file', file: path.join(root, 'index.html') });
    expect(resolveAppRequest('app://cairn/', root, server)).toEqual({ kind: 'file', file: path.join(root, 'index.html') });
  });

  it('forwards API, docs and gateway paths to the server with their query', () => {
    expect(resolveAppRequest('app://cairn/api/v2/users/me?x=1', root, server)).toEqual({
      kind: 'proxy',
      url: 'http://127.0.0.1:8080/api/v2/users/me?x=1',
    });
    expect(resolveAppRequest('app://cairn/docs/openapi.yaml', root, server)).toMatchObject({ kind: 'proxy' });
  });

  it('rejects path traversal, other hosts and NUL bytes', () => {
    expect(resolveAppRequest('app://cairn/..%2f..%2fetc%2fpasswd.txt', root, server)).toEqual({ kind: 'reject' });
    // The URL parser already folds dot segments, so these stay inside the renderer folder.
    expect(resolveAppRequest('app://cairn/%2e%2e/%2e%2e/etc/passwd.txt', root, server)).toEqual({
      kind: 'file',
      file: path.join(root, 'etc/passwd.txt'),
    });
    expect(resolveAppRequest('app://evil/assets/a.js', root, server)).toEqual({ kind: 'reject' });
    expect(resolveAppRequest('app://cairn/a%00.js', root, server)).toEqual({ kind: 'reject' });
  });
});

describe('isExternalUrl', () => {
  it('accepts only http and https', () => {
    expect(isExternalUrl('https://docs.ipfs.tech')).toBe(true);
    expect(isExternalUrl('file:///etc/passwd')).toBe(false);
    expect(isExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isExternalUrl('not a url')).toBe(false);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/test/harness';
import { parseServerAddress } from '../shared/server-address';
import { checkServerAddress } from './server-check';

let cairn: TestServer;
let other: http.Server;
let otherUrl: string;
let closedUrl: string;

beforeAll(async () => {
  cairn = await startTestServer({ driver: 'sqlite' });
  // Some other web server: answers everything with a page, as a router's admin page would.
  other = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>Welcome</h1>'));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  // A port nothing listens on any more.
  const gone = http.createServer();
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  closedUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
  await new Promise((resolve) => gone.close(resolve));
}, 60_000);
afterAll(async () => {
  await cairn?.close();
  await new Promise((resolve) => other?.close(resolve));
});

describe('parseServerAddress', () => {
  it('keeps the origin of an http(s) address and assumes https without a scheme', () => {
    expect(parseServerAddress(' https://cairn.example.org/files?x=1 ')).toBe('https://cairn.example.org');
    expect(parseServerAddress('cairn.example.org:8443')).toBe('https://cairn.example.org:8443');
    expect(parseServerAddress('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
  });

  it('refuses other schemes, credentials, spaces and empty input', () => {
    for (const raw of [
      '',
      '   ',
      'ftp://cairn.example.org',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'https://ada:secret@cairn.example.org',
      'cairn example org',
      'http://',
    ]) {
      expect(parseServerAddress(raw), raw).toBeNull();
    }
  });
});

describe('checkServerAddress', () => {
  it('accepts a Cairn server that answers /healthz, by its origin', async () => {
    expect(await checkServerAddress(`${cairn.url}/files`)).toEqual({ ok: true, serverUrl: cairn.url });
  });

  it('tells a malformed address, one nothing answers at, and a server that is not Cairn apart', async () => {
    expect(await checkServerAddress('ftp://cairn.example.org')).toEqual({ ok: false, problem: 'invalid_url' });
    expect(await checkServerAddress(closedUrl)).toEqual({ ok: false, problem: 'unreachable' });
    expect(await checkServerAddress(otherUrl)).toEqual({ ok: false, problem: 'not_cairn' });
  });
});

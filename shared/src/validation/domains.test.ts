import { describe, expect, it } from 'vitest';
import { domainCreateSchema, isDomainTarget, normalizeHostname } from './domains';

describe('custom domain input', () => {
  it('keeps host names lower-case, ASCII and without a final dot; an IDN in its xn-- form', () => {
    expect(normalizeHostname(' Files.ACME.test. ')).toBe('files.acme.test');
    expect(normalizeHostname('bücher.example')).toBe('xn--bcher-kva.example');
  });

  it.each([
    ['an IPv4 address', '127.0.0.1'],
    ['an IPv4 address in hex', '0x7f.1'],
    ['an IPv6 address', '[::1]'],
    ['a port', 'files.acme.test:8080'],
    ['a scheme', 'https://files.acme.test'],
    ['a path', 'files.acme.test/x'],
    ['credentials', 'me@files.acme.test'],
    ['one label', 'localhost'],
    ['an empty label', 'files..acme.test'],
    ['a label over 63 characters', `${'a'.repeat(64)}.test`],
    ['a name over 253 characters', `${'a.'.repeat(127)}test`],
    ['an underscore', '_dnslink.acme.test'],
    ['a space', 'files acme.test'],
  ])('refuses %s', (_what, hostname) => {
    expect(normalizeHostname(hostname)).toBeNull();
    expect(
      domainCreateSchema.safeParse({ hostname, target: '/ipns/k51qzi5uqu5dk3v4rmjber23h16xnr23bsggmqqil9z2gduiis5se8dht36dam' }).success,
    ).toBe(false);
  });

  it('takes /ipns/<name> and /ipfs/<cid>[/path] targets only', () => {
    expect(isDomainTarget('/ipfs/bafkreicysg23kiwv34eg2d7qweipxwosdo2py4ldv42nbauguluen5v6am/sub/index.html')).toBe(true);
    expect(isDomainTarget('/ipns/k51qzi5uqu5dk3v4rmjber23h16xnr23bsggmqqil9z2gduiis5se8dht36dam')).toBe(true);
    expect(isDomainTarget('/ipns/k51qzi5uqu5dk3v4rmjber23h16xnr23bsggmqqil9z2gduiis5se8dht36dam/sub')).toBe(false);
    expect(isDomainTarget('/ipfs/bafy/../x y')).toBe(false);
    expect(isDomainTarget('https://example.org')).toBe(false);
  });
});

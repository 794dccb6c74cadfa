import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type DnsServer } from '../../../scripts/dns-local.mjs';
import { createDnsLinkResolver, dnsLinkOf } from './resolver';

const CID = 'bafkreicysg23kiwv34eg2d7qweipxwosdo2py4ldv42nbauguluen5v6am';

describe('DNSLink over a loopback DNS server', () => {
  let dns: DnsServer;
  beforeAll(async () => {
    dns = await startDnsServer();
  });
  afterAll(() => dns.stop());

  it('reads the dnslink= TXT record of _dnslink.<host>, and says why a host has none', async () => {
    dns.records.set('_dnslink.site.test', ['dnslink=/ipfs/' + CID + '/docs/', 'v=spf1 -all']);
    dns.records.set('_dnslink.plain.test', ['hello']);
    const resolver = createDnsLinkResolver({ servers: [dns.address], timeoutMs: 500 });
    expect(await resolver.resolve('site.test')).toEqual({ value: `/ipfs/${CID}/docs`, error: null });
    expect(await resolver.resolve('plain.test')).toEqual({ value: null, error: 'no dnslink= TXT record' });
    expect(await resolver.resolve('absent.test')).toEqual({ value: null, error: 'no dnslink= TXT record' });
  });

  it('keeps answers for their lifetime, then asks again; a fresh lookup skips the cache', async () => {
    let now = 0;
    const resolver = createDnsLinkResolver({ servers: [dns.address], timeoutMs: 500, cacheMs: 1000, now: () => now });
    dns.records.set('_dnslink.moving.test', [`dnslink=/ipfs/${CID}`]);
    expect((await resolver.resolve('moving.test')).value).toBe(`/ipfs/${CID}`);
    dns.records.set('_dnslink.moving.test', ['dnslink=/ipns/k51qzi5uqu5dk3v4rmjber23h16xnr23bsggmqqil9z2gduiis5se8dht36dam']);
    now = 999;
    expect((await resolver.resolve('moving.test')).value).toBe(`/ipfs/${CID}`);
    expect((await resolver.resolveFresh('moving.test')).value).toMatch(/^\/ipns\/k51/);
    dns.records.set('_dnslink.moving.test', [`dnslink=/ipfs/${CID}/again`]);
    now = 2100;
    expect((await resolver.resolve('moving.test')).value).toBe(`/ipfs/${CID}/again`);
  });

  it('holds at most maxEntries hosts, the oldest leaving first', async () => {
    let lookups = 0;
    dns.records.set('_dnslink.a.test', [`dnslink=/ipfs/${CID}`]);
    dns.records.set('_dnslink.b.test', [`dnslink=/ipfs/${CID}`]);
    const resolver = createDnsLinkResolver({ servers: [dns.address], timeoutMs: 500, maxEntries: 1 });
    const counting = async (host: string) => {
      const before = dns.records.get(`_dnslink.${host}`)!;
      dns.records.set(`_dnslink.${host}`, [`dnslink=/ipfs/${CID}/${++lookups}`]);
      const answer = await resolver.resolve(host);
      dns.records.set(`_dnslink.${host}`, before);
      return answer.value;
    };
    expect(await counting('a.test')).toBe(`/ipfs/${CID}/1`);
    expect(await counting('a.test')).toBe(`/ipfs/${CID}/1`);
    expect(await counting('b.test')).toBe(`/ipfs/${CID}/3`);
    expect(await counting('a.test')).toBe(`/ipfs/${CID}/4`);
  });

  it('gives up on a server that does not answer, within its timeout', async () => {
    // A UDP port nothing listens on: the question goes unanswered.
    const silent = await startDnsServer();
    const address = silent.address;
    await silent.stop();
    const resolver = createDnsLinkResolver({ servers: [address], timeoutMs: 200 });
    const started = Date.now();
    const answer = await resolver.resolve('slow.test');
    expect(answer.value).toBeNull();
    expect(answer.error).toMatch(/DNS lookup failed/);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('dnsLinkOf', () => {
  it('joins a record split in strings, and refuses disagreeing records and values that are not content paths', () => {
    expect(dnsLinkOf([['dnslink=/ipfs/', CID]])).toEqual({ value: `/ipfs/${CID}`, error: null });
    expect(dnsLinkOf([[`dnslink=/ipfs/${CID}`], [`dnslink=/ipfs/${CID}/x`]]).error).toBe('several different dnslink= TXT records');
    expect(dnsLinkOf([['dnslink=https://evil.test']]).error).toMatch(/not a content path/);
    expect(dnsLinkOf([['dnslink=/ipfs/ x']]).value).toBeNull();
  });
});

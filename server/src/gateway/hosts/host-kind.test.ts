import { CID } from 'multiformats/cid';
import { describe, expect, it } from 'vitest';
import { ipfsLabel, ipnsLabel } from './content-labels';
import { gatewayHost, hostnameOf, inlineDnsName, portOf, uninlineDnsLabel } from './host-kind';

const V1 = 'bafkreicysg23kiwv34eg2d7qweipxwosdo2py4ldv42nbauguluen5v6am';
const V0 = 'QmZULkCELmmk5XNfCgTnCyFgAVxBRBXyDHGGMVoLFLiXEN';
const PEER_ID = '12D3KooWLQzUv2FHWGVPXTXSZpdHs7oHbXub2G5WC8Tx4NQhyd2d';
const PEER_KEY = 'k51qzi5uqu5dk3v4rmjber23h16xnr23bsggmqqil9z2gduiis5se8dht36dam';

describe('gateway hosts', () => {
  it('reads the host name and port of a Host value, IPv6 literals included', () => {
    expect(hostnameOf('GW.Example.org:8080')).toBe('gw.example.org');
    expect(hostnameOf('gw.example.org.')).toBe('gw.example.org');
    expect(hostnameOf('[::1]:8080')).toBe('[::1]');
    expect(portOf('gw.example.org:8080')).toBe(':8080');
    expect(portOf('gw.example.org')).toBe('');
    expect(portOf('[::1]')).toBe('');
  });

  it('tells the gateway domain, its content subdomains and every other name apart', () => {
    const domain = 'gw.example.org';
    expect(gatewayHost('gw.example.org', domain)).toEqual({ kind: 'domain' });
    expect(gatewayHost(`${V1}.ipfs.gw.example.org`, domain)).toEqual({ kind: 'subdomain', namespace: 'ipfs', label: V1 });
    expect(gatewayHost('en.wikipedia-on-ipfs.org.ipns.gw.example.org', domain)).toEqual({
      kind: 'subdomain',
      namespace: 'ipns',
      label: 'en.wikipedia-on-ipfs.org',
    });
    expect(gatewayHost('a.b.ipfs.gw.example.org', domain)).toEqual({ kind: 'elsewhere-under-domain' });
    expect(gatewayHost('api.gw.example.org', domain)).toEqual({ kind: 'elsewhere-under-domain' });
    expect(gatewayHost('ipfs.gw.example.org', domain)).toEqual({ kind: 'elsewhere-under-domain' });
    expect(gatewayHost('evilgw.example.org', domain)).toEqual({ kind: 'other', hostname: 'evilgw.example.org' });
    expect(gatewayHost('gw.example.org', null)).toEqual({ kind: 'other', hostname: 'gw.example.org' });
    expect(gatewayHost('127.0.0.1', domain)).toEqual({ kind: 'other', hostname: '127.0.0.1' });
  });

  it('inlines DNSLink names into one label and reads them back', () => {
    expect(inlineDnsName('en.wikipedia-on-ipfs.org')).toBe('en-wikipedia--on--ipfs-org');
    expect(uninlineDnsLabel('en-wikipedia--on--ipfs-org')).toBe('en.wikipedia-on-ipfs.org');
    expect(uninlineDnsLabel(inlineDnsName('a--b.c-d.org'))).toBe('a--b.c-d.org');
  });

  it('writes CIDs as DNS labels: CIDv1 base32 for /ipfs, libp2p-key base36 for /ipns, and refuses what does not fit', () => {
    expect(ipfsLabel(V1)).toBe(V1);
    expect(ipfsLabel(V0)).toBe(CID.createV1(0x70, CID.parse(V0).multihash).toString());
    expect(ipfsLabel(V0)).toMatch(/^bafybei[a-z2-7]{52}$/);
    expect(ipnsLabel(PEER_ID)).toBe(PEER_KEY);
    expect(ipnsLabel(PEER_KEY)).toBe(PEER_KEY);
    expect(ipnsLabel('en.wikipedia-on-ipfs.org')).toBe('en-wikipedia--on--ipfs-org');
    const sha512 = 'bafkrgqe3ohjcjplc6n4f3fwunlj6upltggn7xqujbsvnvyw764srszz4u4rshq6ztos4chl4plgg4ffyyxnayrtdi5oc4xb2332g645433aeg';
    expect(() => ipfsLabel(sha512)).toThrow(/DNS label length limit of 63/);
    expect(() => ipfsLabel('QmInvalidCID')).toThrow(/invalid path "\/ipfs\/QmInvalidCID"/);
    expect(() => ipnsLabel('nodots')).toThrow(/neither an IPNS key nor a DNS name/);
  });
});

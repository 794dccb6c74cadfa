import { describe, expect, it } from 'vitest';
import { providesToPublicNetwork, type KuboConfig } from './kubo-providing';

/** What `ipfs init` writes today: everything else is left to Kubo's defaults. */
const FRESH: KuboConfig = { Bootstrap: ['auto'], Routing: { DelegatedRouters: ['auto'] }, Provide: { DHT: {} } };

describe('providesToPublicNetwork', () => {
  it('is true for a node as `ipfs init` sets it up, and with explicit public settings', () => {
    expect(providesToPublicNetwork(FRESH)).toBe(true);
    expect(
      providesToPublicNetwork({
        Bootstrap: ['/dnsaddr/bootstrap.libp2p.io/p2p/QmNnooDu7bfjPFoTZYxMNLWUQJyrVwtbZg5gBMjTezGAJN'],
        Routing: { Type: 'dhtclient' },
        Provide: { Enabled: true, Strategy: 'pinned+mfs', DHT: { Interval: '22h' } },
      }),
    ).toBe(true);
  });

  it('is false for a node off the public network or that does not provide what it pins', () => {
    // `ipfs init --profile=test`, as the tests' nodes are: no bootstrap peers.
    expect(providesToPublicNetwork({ Bootstrap: [], Routing: {}, Provide: { DHT: {} } })).toBe(false);
    expect(providesToPublicNetwork({ ...FRESH, Bootstrap: null })).toBe(false);
    expect(providesToPublicNetwork({ ...FRESH, Routing: { Type: 'none' } })).toBe(false);
    expect(providesToPublicNetwork({ ...FRESH, Routing: { Type: 'delegated' } })).toBe(false);
    expect(providesToPublicNetwork({ ...FRESH, Provide: { Enabled: false } })).toBe(false);
    expect(providesToPublicNetwork({ ...FRESH, Provide: { DHT: { Interval: '0' } } })).toBe(false);
    expect(providesToPublicNetwork({ ...FRESH, Provide: { Strategy: 'mfs' } })).toBe(false);
    // The names Kubo used before 0.38.
    expect(providesToPublicNetwork({ ...FRESH, Provide: null, Reprovider: { Interval: '0' } })).toBe(false);
    expect(providesToPublicNetwork({ ...FRESH, Provide: null, Provider: { Enabled: false } })).toBe(false);
  });
});

import { Resolver } from 'node:dns/promises';

/** What a DNSLink lookup found: the content path of a `dnslink=` TXT record, or none. */
export interface DnsLinkAnswer {
  /** `/ipfs/<cid>[/path]` or `/ipns/<name>[/path]`; null when the host has no usable DNSLink. */
  value: string | null;
  /** Why there is none (no record, a DNS error, a malformed value), for the domain's status. */
  error: string | null;
}

export interface DnsLinkResolver {
  /** The DNSLink of `host` (its `_dnslink.<host>` TXT records), cached for a while. */
  resolve(host: string): Promise<DnsLinkAnswer>;
  /** Asks DNS again, past the cache (a verification the user asked for). */
  resolveFresh(host: string): Promise<DnsLinkAnswer>;
}

export interface DnsLinkOptions {
  /** `ip[:port]` of DNS servers; empty: the system's. */
  servers: string[];
  /** Milliseconds one query may take, per try. */
  timeoutMs?: number;
  /** How long answers are kept. node:dns does not report TXT TTLs, so one lifetime serves every answer. */
  cacheMs?: number;
  /** How long "no DNSLink" is kept (a mistyped host asked for again and again stays cheap). */
  negativeCacheMs?: number;
  /** Hosts whose answers are kept at most; the oldest go first. */
  maxEntries?: number;
  /** Lookups in flight at most; beyond, a lookup answers at once that DNS is busy. */
  maxInFlight?: number;
  now?: () => number;
}

/** TXT records of one name at most: a name answering more is not a DNSLink anyone meant. */
const MAX_RECORDS = 32;
const CONTENT_PATH = /^\/(ipfs|ipns)\/[^/\s]+(\/[^\s]*)?$/;

/**
 * The `dnslink=` value of TXT records (their strings joined, as RFC 1464 says a record is read);
 * several records must agree, as resolvers of other IPFS gateways require.
 */
export function dnsLinkOf(records: string[][]): DnsLinkAnswer {
  const values = new Set(
    records
      .slice(0, MAX_RECORDS)
      .map((chunks) => chunks.join(''))
      .filter((text) => text.startsWith('dnslink='))
      .map((text) => text.slice('dnslink='.length).trim()),
  );
  if (values.size === 0) return { value: null, error: 'no dnslink= TXT record' };
  if (values.size > 1) return { value: null, error: 'several different dnslink= TXT records' };
  const [value] = [...values] as [string];
  if (!CONTENT_PATH.test(value) || value.length > 2048) return { value: null, error: `not a content path: ${value.slice(0, 100)}` };
  return { value: value.replace(/\/+$/, ''), error: null };
}

/**
 * DNSLink over node:dns, with the servers of `DNSLINK_RESOLVER`: bounded in time (a timeout, one
 * retry), in number (lookups in flight) and in memory (a cache of at most `maxEntries` hosts).
 */
export function createDnsLinkResolver(options: DnsLinkOptions): DnsLinkResolver {
  const timeoutMs = options.timeoutMs ?? 2_000;
  const cacheMs = options.cacheMs ?? 60_000;
  const negativeCacheMs = options.negativeCacheMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const maxInFlight = options.maxInFlight ?? 64;
  const now = options.now ?? Date.now;
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (options.servers.length > 0) resolver.setServers(options.servers);
  const cache = new Map<string, { answer: DnsLinkAnswer; until: number }>();
  const pending = new Map<string, Promise<DnsLinkAnswer>>();

  async function lookup(host: string): Promise<DnsLinkAnswer> {
    try {
      return dnsLinkOf(await resolver.resolveTxt(`_dnslink.${host}`));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA') return { value: null, error: 'no dnslink= TXT record' };
      return { value: null, error: `DNS lookup failed (${code ?? 'error'})` };
    }
  }

  function remember(host: string, answer: DnsLinkAnswer): void {
    cache.delete(host);
    while (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    cache.set(host, { answer, until: now() + (answer.value ? cacheMs : negativeCacheMs) });
  }

  function fresh(host: string): Promise<DnsLinkAnswer> {
    const running = pending.get(host);
    if (running) return running;
    if (pending.size >= maxInFlight) return Promise.resolve({ value: null, error: 'too many DNS lookups at once' });
    const started = lookup(host)
      .then((answer) => {
        remember(host, answer);
        return answer;
      })
      .finally(() => pending.delete(host));
    pending.set(host, started);
    return started;
  }

  return {
    async resolve(host) {
      const hit = cache.get(host);
      if (hit && hit.until > now()) return hit.answer;
      return fresh(host);
    },
    resolveFresh: fresh,
  };
}

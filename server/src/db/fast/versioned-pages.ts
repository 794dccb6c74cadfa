/** How many bytes of rendered pages are kept, all accounts together. */
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
/** Pages kept per account: page 1 of the default size and a few neighbours cover nearly every request. */
const PAGES_PER_ACCOUNT = 32;

interface AccountPages {
  version: number;
  bytes: number;
  pages: Map<string, Buffer>;
}

/**
 * Rendered response bodies per account, each valid while the account's version stands (a number
 * the database changes with every write that could change them, read fresh with the account on
 * each request). A page is only ever served again to the same account at the same version, so a
 * stale page cannot be seen; a newer one stored under an older version is harmless, since nobody
 * reads that version again. Bounded in bytes: least recently used accounts leave first.
 */
export class VersionedPages {
  readonly #accounts = new Map<string, AccountPages>();
  #bytes = 0;

  constructor(private readonly maxBytes = DEFAULT_MAX_BYTES) {}

  get(account: string, version: number, key: string): Buffer | undefined {
    const entry = this.#accounts.get(account);
    if (!entry || entry.version !== version) return undefined;
    const page = entry.pages.get(key);
    if (!page) return undefined;
    // Most recently used last, for both accounts and their pages.
    this.#accounts.delete(account);
    this.#accounts.set(account, entry);
    entry.pages.delete(key);
    entry.pages.set(key, page);
    return page;
  }

  set(account: string, version: number, key: string, page: Buffer): void {
    if (page.length > this.maxBytes / 4) return;
    let entry = this.#accounts.get(account);
    if (entry && entry.version !== version) {
      // Pages of another version are of no use any more (or not yet: a slower request wrote late).
      if (entry.version > version) return;
      this.#drop(account, entry);
      entry = undefined;
    }
    if (!entry) {
      entry = { version, bytes: 0, pages: new Map() };
      this.#accounts.set(account, entry);
    }
    const previous = entry.pages.get(key);
    if (previous) this.#resize(entry, -previous.length);
    entry.pages.delete(key);
    entry.pages.set(key, page);
    this.#resize(entry, page.length);
    if (entry.pages.size > PAGES_PER_ACCOUNT) {
      const [oldestKey, oldest] = entry.pages.entries().next().value!;
      entry.pages.delete(oldestKey);
      this.#resize(entry, -oldest.length);
    }
    for (const [name, other] of this.#accounts) {
      if (this.#bytes <= this.maxBytes) break;
      this.#drop(name, other);
    }
  }

  /** Bytes held, all accounts together. */
  get bytes(): number {
    return this.#bytes;
  }

  #resize(entry: AccountPages, delta: number): void {
    entry.bytes += delta;
    this.#bytes += delta;
  }

  #drop(account: string, entry: AccountPages): void {
    this.#accounts.delete(account);
    this.#bytes -= entry.bytes;
  }
}

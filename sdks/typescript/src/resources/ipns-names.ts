import type { HttpClient, RequestOptions } from '../http';
import type { Name, NameHistory, NameKeyExport, NameList, NamePublication, NameResolution } from '../types';

export interface NamePublishOptions extends RequestOptions {
  /** How long resolvers may cache the value, 1–86400 seconds (default 60). */
  ttlSeconds?: number;
  /** How long each signed record stays valid, 1–8760 hours (default 48); it is signed again before half has passed. */
  validityHours?: number;
}

export interface NameRollbackOptions extends RequestOptions {
  /** How long resolvers may cache the value, 1–86400 seconds (default 60). */
  ttlSeconds?: number;
}

export interface NameHistoryOptions extends RequestOptions {
  /** Publications to return, 1–200 (default 50). */
  limit?: number;
}

/**
 * IPNS names (`k51…`): a key kept by Cairn that points at content the account holds, published
 * again and again as the content changes. A name is addressed by its `id`; `resolve` takes the
 * `k51…` name itself, of any account.
 */
export class Names {
  constructor(private readonly http: HttpClient) {}

  /** Every name of the account (at most 100), oldest first. */
  async list(options: RequestOptions = {}): Promise<Name[]> {
    const list: NameList = await this.http.request({ method: 'GET', path: '/names', idempotent: true, ...options });
    return list.names;
  }

  /** A new name with a new key; it points nowhere until published. */
  create(label: string, options: RequestOptions = {}): Promise<Name> {
    return this.http.request({ method: 'POST', path: '/names', json: { label }, idempotent: false, ...options });
  }

  get(nameId: string, options: RequestOptions = {}): Promise<Name> {
    return this.http.request({ method: 'GET', path: namePath(nameId), idempotent: true, ...options });
  }

  /** Changes the label only (the name and its value stay); the same label twice changes nothing, so it is retried. */
  rename(nameId: string, label: string, options: RequestOptions = {}): Promise<Name> {
    return this.http.request({ method: 'PATCH', path: namePath(nameId), json: { label }, idempotent: true, ...options });
  }

  /** The key and its history are gone; a second delete is a `NotFoundError`, so it is not retried. */
  delete(nameId: string, options: RequestOptions = {}): Promise<{ deleted: true }> {
    return this.http.request({ method: 'DELETE', path: namePath(nameId), idempotent: false, ...options });
  }

  /**
   * Points the name at `value`: a CID or `/ipfs/{cid}[/{path}]` whose CID is one of the account's
   * files (else a `ValidationError`, `name_value_not_held`). Each call signs a new record with the
   * next sequence number, so it is not retried.
   */
  publish(nameId: string, value: string, options: NamePublishOptions = {}): Promise<Name> {
    const { ttlSeconds, validityHours, ...request } = options;
    return this.http.request({
      method: 'POST',
      path: `${namePath(nameId)}/publish`,
      json: { value, ttlSeconds, validityHours },
      idempotent: false,
      ...request,
    });
  }

  /** The name's publications, newest first. */
  async history(nameId: string, options: NameHistoryOptions = {}): Promise<NamePublication[]> {
    const { limit, ...request } = options;
    const history: NameHistory = await this.http.request({
      method: 'GET',
      path: `${namePath(nameId)}/history`,
      query: { limit },
      idempotent: true,
      ...request,
    });
    return history.publications;
  }

  /**
   * Publishes the value of publication `sequence` again, under the next sequence number. An
   * unknown sequence is a `NotFoundError` (`publication_not_found`). Not retried, as `publish`.
   */
  rollback(nameId: string, sequence: number, options: NameRollbackOptions = {}): Promise<Name> {
    const { ttlSeconds, ...request } = options;
    return this.http.request({
      method: 'POST',
      path: `${namePath(nameId)}/rollback`,
      json: { sequence, ttlSeconds },
      idempotent: false,
      ...request,
    });
  }

  /**
   * The name's Ed25519 private key (libp2p protobuf, base64), which `ipfs key import <label>
   * --format=libp2p-protobuf-cleartext` reads. Full-access tokens only; whoever holds it can publish the name.
   */
  exportKey(nameId: string, options: RequestOptions = {}): Promise<NameKeyExport> {
    return this.http.request({ method: 'GET', path: `${namePath(nameId)}/key`, idempotent: true, ...options });
  }

  /** What a `k51…` name (or peer id) points to, from the records Cairn holds; none is a `NotFoundError` (`name_not_resolved`). */
  resolve(name: string, options: RequestOptions = {}): Promise<NameResolution> {
    return this.http.request({ method: 'GET', path: `/resolve/${encodeURIComponent(name)}`, idempotent: true, ...options });
  }
}

function namePath(nameId: string): string {
  return `/names/${encodeURIComponent(nameId)}`;
}

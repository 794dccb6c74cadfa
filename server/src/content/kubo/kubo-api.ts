import { create, type KuboRPCClient } from 'kubo-rpc-client';
import { CID } from 'multiformats/cid';
import { ContentNotFoundError } from '../errors';
import type { Readable } from 'node:stream';
import { answerText, postStreamed, streamedAnswer } from '../remote/http-stream';
import { multipartBody, multipartType, type MultipartFile } from '../remote/multipart-body';
import type { CidVersion, PinProgress } from '../types';
import type { KuboConfig } from './kubo-providing';

/** Kubo's own import settings for the CIDs Cairn promises: those of `ipfs add` (v0) and `ipfs add --cid-version=1`. */
function importSettings(cidVersion: CidVersion) {
  return { cidVersion, rawLeaves: cidVersion === 1, chunker: 'size-262144', trickle: false } as const;
}

/**
 * Kubo's `offline` flag (never ask the network) for one call. The client copies unknown options
 * into the query string as they are, which is how it takes flags it has no option for.
 */
export function offlineFlag(offline: boolean): Record<string, never> {
  return { offline } as unknown as Record<string, never>;
}

const CONNECT_TIMEOUT_MS = 10_000;

/** One entry of `add`'s answer. */
export interface KuboAdded {
  Name: string;
  Hash: string;
}

/** The message of Kubo's error answer (`{"Message": …}`), or its text. */
function errorMessage(text: string): string {
  try {
    return (JSON.parse(text) as { Message?: string }).Message ?? text.slice(0, 300);
  } catch {
    return text.slice(0, 300);
  }
}

/** Kubo answers a missing local block, or a CID that is not pinned, with an error message, not a status. */
function isMissing(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /not found|not pinned|no link named|could not find|is not pinned/i.test(message);
}

/**
 * The parts of Kubo's RPC API (`/api/v0`) the engines use, over the maintained client; `pin/add`
 * with progress is read directly, because the client does not pass its progress lines on.
 */
export class KuboApi {
  readonly client: KuboRPCClient;

  constructor(readonly url: string) {
    this.client = create({ url: new URL('/api/v0', url) });
  }

  private endpoint(command: string, query: Record<string, string | number | boolean>): URL {
    const url = new URL(`/api/v0/${command}`, this.url);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
    return url;
  }

  /**
   * `add` of the files as one multipart body, streamed as they are read (see `postStreamed`);
   * the entries Kubo imported, the last one the root.
   */
  async add(
    files: AsyncIterable<MultipartFile>,
    options: { cidVersion: CidVersion; pin: boolean; pinName?: string; wrapWithDirectory?: boolean; signal?: AbortSignal },
  ): Promise<KuboAdded[]> {
    const settings = importSettings(options.cidVersion);
    const url = this.endpoint('add', {
      'cid-version': settings.cidVersion,
      'raw-leaves': settings.rawLeaves,
      chunker: settings.chunker,
      trickle: settings.trickle,
      pin: options.pin,
      ...(options.pin && options.pinName ? { 'pin-name': options.pinName } : {}),
      'wrap-with-directory': options.wrapWithDirectory ?? false,
      progress: false,
      'stream-channels': true,
    });
    const { boundary, body } = multipartBody(files);
    const answer = await postStreamed(url, { 'content-type': multipartType(boundary) }, body, options.signal);
    if (answer.status !== 200) throw new Error(`Kubo add answered ${answer.status}: ${errorMessage(answer.text)}`);
    if (answer.streamError) throw new Error(`Kubo add failed: ${answer.streamError}`);
    return answer.text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as KuboAdded);
  }

  /** `cat` of a file's bytes as a stream of what Kubo sends; a read that breaks off fails it. */
  cat(cid: CID, options: { offset: number; length: number; offline: boolean; signal?: AbortSignal }): Promise<Readable> {
    const url = this.endpoint('cat', { arg: cid.toString(), offset: options.offset, length: options.length, offline: options.offline });
    return streamedAnswer(url, { method: 'POST', signal: options.signal }, async (res) => {
      if (res.statusCode === 200) return;
      const message = errorMessage(await answerText(res));
      throw isMissing(message) ? new ContentNotFoundError(cid.toString()) : new Error(`Kubo cat answered ${res.statusCode}: ${message}`);
    });
  }

  /** `routing/put` of a signed IPNS record: the node checks it and hands it to its routing (its own store when offline). */
  async putIpns(name: string, record: Uint8Array, signal?: AbortSignal): Promise<void> {
    for await (const event of this.client.routing.put(`/ipns/${name}`, record, { allowOffline: true, signal })) {
      if (event.name === 'QUERY_ERROR') throw new Error(`Kubo routing/put: ${event.error.message}`);
    }
  }

  /** A block; undefined when the node does not have it (offline: never asks the network) or cannot find it in time. */
  async block(cid: CID, options: { offline: boolean; signal?: AbortSignal }): Promise<Uint8Array | undefined> {
    try {
      return await this.client.block.get(cid, { signal: options.signal, ...offlineFlag(options.offline) });
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async hasBlock(cid: CID, signal?: AbortSignal): Promise<boolean> {
    try {
      await this.client.block.stat(cid, { signal, ...offlineFlag(true) });
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async isPinned(cid: CID): Promise<boolean> {
    try {
      for await (const pin of this.client.pin.ls({ paths: [cid], type: 'recursive' })) if (pin.cid.equals(cid)) return true;
      return false;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** The CIDs of the recursive pins named exactly `name` (Kubo matches names by substring). */
  async pinsNamed(name: string, signal?: AbortSignal): Promise<CID[]> {
    const url = this.endpoint('pin/ls', { type: 'recursive', name, names: true });
    const response = await fetch(url, { method: 'POST', signal });
    const text = await response.text();
    if (!response.ok) throw new Error(`Kubo pin/ls answered ${response.status}: ${errorMessage(text)}`);
    const keys = (JSON.parse(text) as { Keys?: Record<string, { Name?: string }> }).Keys ?? {};
    return Object.entries(keys)
      .filter(([, pin]) => pin.Name === name)
      .map(([cid]) => CID.parse(cid));
  }

  /**
   * `dag/stat`: the bytes of the DAG's distinct blocks (Kubo counts a block met twice once). Walks
   * every block; offline, a block the node lacks is a not-found rather than a fetch.
   */
  async dagBytes(cid: CID, options: { offline: boolean; signal?: AbortSignal }): Promise<number> {
    const url = this.endpoint('dag/stat', { arg: cid.toString(), progress: false, offline: options.offline });
    const response = await fetch(url, { method: 'POST', signal: options.signal });
    const text = await response.text();
    if (!response.ok) {
      const message = errorMessage(text);
      throw isMissing(message)
        ? new ContentNotFoundError(cid.toString())
        : new Error(`Kubo dag/stat answered ${response.status}: ${message}`);
    }
    // With progress off the answer is one JSON object, possibly after progress lines of older Kubos: the last line.
    const last = text.trim().split('\n').pop() ?? '{}';
    const stat = JSON.parse(last) as { TotalSize?: number };
    if (typeof stat.TotalSize !== 'number') throw new Error(`Kubo dag/stat answered no size: ${last.slice(0, 200)}`);
    return stat.TotalSize;
  }

  /**
   * Drops the pin, then the root block unless another pin still holds it (Kubo refuses to remove
   * a pinned block): an unpinned root stays in Kubo's store until its garbage collection, and the
   * gateway must not go on serving a deleted file by its CID meanwhile.
   */
  async unpin(cid: CID): Promise<void> {
    try {
      await this.client.pin.rm(cid, { recursive: true });
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    try {
      for await (const result of this.client.block.rm(cid, { quiet: true })) void result;
    } catch {
      // Still pinned through another DAG, or already gone: either way nothing to remove.
    }
  }

  /**
   * `repo/gc`: deletes every block no pin holds. Kubo streams one line per block removed, and
   * an `Error` line for each block it could not remove.
   */
  async collectGarbage(signal?: AbortSignal): Promise<{ removed: number; errors: string[] }> {
    let removed = 0;
    const errors: string[] = [];
    for await (const result of this.client.repo.gc({ signal })) {
      if (result.err) errors.push(result.err.message);
      else if (result.cid) removed++;
    }
    return { removed, errors };
  }

  /** `pin/add` with progress lines (`{"Progress": blocks}`); aborting stops the fetch. */
  async pin(cid: CID, options: { signal: AbortSignal; onProgress?(progress: PinProgress): void }): Promise<number> {
    const url = new URL('/api/v0/pin/add', this.url);
    url.searchParams.set('arg', cid.toString());
    url.searchParams.set('recursive', 'true');
    url.searchParams.set('progress', 'true');
    const response = await fetch(url, { method: 'POST', signal: options.signal });
    if (!response.ok || !response.body) {
      const text = await response.text().catch(() => '');
      throw new Error(`Kubo pin/add answered ${response.status}: ${text.slice(0, 200)}`);
    }
    let blocks = 0;
    let pending = '';
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    for (;;) {
      const { done, value: chunk } = await reader.read();
      if (done) break;
      pending += decoder.decode(chunk, { stream: true });
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, newline).trim();
        pending = pending.slice(newline + 1);
        if (!line) continue;
        const message = JSON.parse(line) as { Progress?: number; Pins?: string[]; Message?: string; Type?: string };
        if (message.Type === 'error')
          throw isMissing(message.Message) ? new ContentNotFoundError(cid.toString()) : new Error(message.Message);
        if (typeof message.Progress === 'number') {
          blocks = message.Progress;
          options.onProgress?.({ blocks });
        }
      }
    }
    return blocks;
  }

  /**
   * `swarm/connect` to each address, best effort and without waiting: Kubo's bitswap sends its
   * wants to a peer as soon as it connects, so a pin started now still gets the blocks from it.
   */
  connect(addrs: string[]): void {
    for (const addr of addrs) {
      const url = new URL('/api/v0/swarm/connect', this.url);
      url.searchParams.set('arg', addr);
      fetch(url, { method: 'POST', signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS) })
        .then((response) => response.body?.cancel())
        .catch(() => undefined);
    }
  }

  /** The node's configuration (`config/show`), as Kubo keeps it: unset fields take Kubo's defaults. */
  async config(): Promise<KuboConfig> {
    return (await this.client.config.getAll()) as KuboConfig;
  }

  /** The node's peer id and the addresses other nodes can dial (none when it runs `--offline`). */
  async identity(): Promise<{ id: string; addresses: string[] }> {
    const id = await this.client.id();
    // An offline Kubo answers `"Addresses": null`.
    const addresses = (id.addresses as typeof id.addresses | null) ?? [];
    return { id: id.id.toString(), addresses: addresses.map((address) => address.toString()) };
  }

  /** The CID a path under a root resolves to, and the part of the path left over (the inside of a file). */
  async resolvePath(path: string, signal?: AbortSignal): Promise<{ cid: CID; rest: string }> {
    const resolved = await this.client.dag.resolve(path, { signal });
    return { cid: CID.asCID(resolved.cid) ?? CID.parse(String(resolved.cid)), rest: resolved.remainderPath ?? '' };
  }
}

/**
 * Worker thread that runs the UnixFS importer and writes its blocks into a pack file. Hashing and
 * DAG building stay off the main thread (which parses HTTP), and away from the libp2p node's heap,
 * which multiplied the importer's garbage collections when they shared one.
 */
import { parentPort } from 'node:worker_threads';
import { importer, type ImportCandidate } from 'ipfs-unixfs-importer';
import { importerOptions } from '../import-options';
import { PackWriter } from '../pack/pack-writer';
import { FolderRootWriter } from './folder-root';
import { PieceRecycler } from './piece-recycler';
import { PIECE_BYTES, type FromWorker, type ToWorker } from './protocol';

const port = parentPort!;
const send = (message: FromWorker, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

class Aborted extends Error {}

/** Messages of the current import, pulled in order by the importer's input generators. */
class Inbox {
  private readonly queue: ToWorker[] = [];
  private waiter: ((message: ToWorker) => void) | undefined;
  aborted = false;

  push(message: ToWorker): void {
    if (message.type === 'abort') this.aborted = true;
    if (this.waiter) {
      const waiter = this.waiter;
      this.waiter = undefined;
      waiter(message);
    } else this.queue.push(message);
  }

  async next(): Promise<ToWorker> {
    if (this.aborted) throw new Aborted();
    const message = this.queue.shift() ?? (await new Promise<ToWorker>((resolve) => (this.waiter = resolve)));
    if (message.type === 'abort') throw new Aborted();
    return message;
  }
}

async function* content(inbox: Inbox, endType: 'end' | 'entry-end', recycler?: PieceRecycler): AsyncGenerator<Uint8Array> {
  for (;;) {
    const message = await inbox.next();
    if (message.type === endType) return;
    if (message.type !== 'data') throw new Error(`unexpected ${message.type} inside content`);
    recycler?.received(message.bytes);
    send({ type: 'ack' });
    yield message.bytes;
  }
}

async function* entries(inbox: Inbox): AsyncGenerator<ImportCandidate> {
  for (;;) {
    const message = await inbox.next();
    if (message.type === 'end') return;
    if (message.type !== 'entry') throw new Error(`unexpected ${message.type} between entries`);
    yield { path: message.path, content: content(inbox, 'entry-end') };
  }
}

async function run(start: Extract<ToWorker, { type: 'start' }>, inbox: Inbox): Promise<void> {
  const writer = await PackWriter.create(start.packPath, start.directIo);
  try {
    // Raw leaves only: see PieceRecycler.
    const recycler = start.mode === 'file' && start.cidVersion === 1 ? new PieceRecycler(PIECE_BYTES, send) : undefined;
    const onLeafWritten = recycler ? (leaf: Uint8Array) => recycler.leafWritten(leaf) : undefined;
    const options = { ...importerOptions(start.cidVersion, onLeafWritten), wrapWithDirectory: start.mode === 'directory' };
    let root: string | undefined;
    const files: Array<{ path: string; cid: string }> = [];
    if (start.mode === 'file') {
      for await (const entry of importer([{ content: content(inbox, 'end', recycler) }], writer, options)) root = entry.cid.toString();
    } else {
      const folder = new FolderRootWriter(writer);
      const imported = [];
      for await (const entry of importer(entries(inbox), folder, options)) {
        const path = entry.path ?? '';
        imported.push({ path, cid: entry.cid, directory: entry.unixfs?.isDirectory() === true });
        if (path !== '') files.push({ path, cid: entry.cid.toString() });
      }
      root = (await folder.finish(imported))?.toString();
    }
    if (root === undefined) throw new Error('importer produced no root');
    const { entries: encoded, bytes } = await writer.finish(start.fsync);
    send({ type: 'done', cid: root, entries: encoded, packBytes: bytes, files }, [encoded.buffer as ArrayBuffer]);
  } catch (error) {
    await writer.discard();
    if (error instanceof Aborted || inbox.aborted) send({ type: 'aborted' });
    else send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

let inbox: Inbox | undefined;
port.on('message', (message: ToWorker) => {
  if (message.type === 'start') {
    const current = new Inbox();
    inbox = current;
    void run(message, current).finally(() => {
      if (inbox === current) inbox = undefined;
    });
  } else if (inbox) inbox.push(message);
  else if (message.type === 'abort') send({ type: 'aborted' });
});
send({ type: 'ready' });

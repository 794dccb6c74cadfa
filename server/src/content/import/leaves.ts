import { createHash } from 'node:crypto';
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import type { BufferImporter } from 'ipfs-unixfs-importer';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import * as Digest from 'multiformats/hashes/digest';
import type { CidVersion } from '../types';

const SHA2_256 = 0x12;

/**
 * The importer's leaf step, hashing with node:crypto: OpenSSL uses the CPU's SHA instructions and
 * reads the block in place, where WebCrypto copies every block before hashing it on the thread
 * pool (a second pass over all the bytes, and garbage that kept the worker collecting). The import
 * runs in its own worker thread, so hashing here leaves the main thread free for HTTP. Same bytes
 * and CIDs as the importer's own `defaultBufferImporter` (raw leaves for v1, UnixFS `file` leaves
 * in dag-pb for v0).
 */
/** `onWritten`: called with each leaf's bytes once they are hashed and stored. */
export function leafImporter(cidVersion: CidVersion, rawLeaves: boolean, onWritten?: (leaf: Uint8Array) => void): BufferImporter {
  return async function* bufferImporter(file, blockstore) {
    for await (const chunk of file.content) {
      yield async () => {
        let block = chunk;
        let unixfs: UnixFS | undefined;
        if (!rawLeaves) {
          unixfs = new UnixFS({ type: 'file', data: chunk });
          block = dagPb.encode({ Data: unixfs.marshal(), Links: [] });
        }
        const digest = createHash('sha256').update(block).digest();
        const cid = CID.create(rawLeaves ? 1 : cidVersion, rawLeaves ? raw.code : dagPb.code, Digest.create(SHA2_256, digest));
        await blockstore.put(cid, block);
        const size = BigInt(block.byteLength);
        onWritten?.(chunk);
        return { cid, unixfs, size, block };
      };
    }
  };
}

import type { ImporterOptions } from 'ipfs-unixfs-importer';
import { leafImporter } from './import/leaves';
import type { CidVersion } from './types';

/**
 * Importer options that give Kubo's CIDs. `unixfs-v0-2015` is Kubo's default layout (256 KiB
 * chunks, balanced DAG of 174 links, links-first field order, links-bytes HAMT threshold): alone it
 * equals a default `ipfs add`; with CIDv1 and raw leaves it equals `ipfs add --cid-version=1`.
 * `fileImportConcurrency: 1` because entries arrive one after another on one stream: the importer
 * batches candidates before starting them, which would wait on content that has not arrived.
 */
export function importerOptions(cidVersion: CidVersion, onLeafWritten?: (leaf: Uint8Array) => void): ImporterOptions {
  const base: ImporterOptions = {
    profile: 'unixfs-v0-2015',
    leafType: 'file',
    reduceSingleLeafToSelf: true,
    fileImportConcurrency: 1,
    blockWriteConcurrency: 16,
  };
  const rawLeaves = cidVersion === 1;
  return { ...base, cidVersion, rawLeaves, bufferImporter: leafImporter(cidVersion, rawLeaves, onLeafWritten) };
}

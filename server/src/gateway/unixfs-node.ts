import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import type { CID } from 'multiformats/cid';
import { CBOR, DAG_CBOR, DAG_JSON, DAG_PB, JSON_CODEC, RAW } from './blocks';

/** What the default (deserialized) answer of a CID is, read from its root block alone. */
export type NodeKind =
  | { kind: 'file'; size: number }
  | { kind: 'directory'; sharded: boolean; node: dagPb.PBNode }
  | { kind: 'symlink'; target: Uint8Array }
  /** dag-json, dag-cbor, json or cbor: the block is the document. */
  | { kind: 'document'; codec: number }
  /** dag-pb without UnixFS data, or a codec the gateway cannot render: only raw or CAR answers. */
  | { kind: 'other' };

const DOCUMENT_CODECS = new Set([DAG_JSON, DAG_CBOR, JSON_CODEC, CBOR]);

export function nodeKind(cid: CID, bytes: Uint8Array): NodeKind {
  if (cid.code === RAW) return { kind: 'file', size: bytes.byteLength };
  if (DOCUMENT_CODECS.has(cid.code)) return { kind: 'document', codec: cid.code };
  if (cid.code !== DAG_PB) return { kind: 'other' };
  let node: dagPb.PBNode;
  let unixfs: UnixFS;
  try {
    node = dagPb.decode(bytes);
    if (!node.Data) return { kind: 'other' };
    unixfs = UnixFS.unmarshal(node.Data);
  } catch {
    return { kind: 'other' };
  }
  switch (unixfs.type) {
    case 'file':
    case 'raw':
      return { kind: 'file', size: Number(unixfs.fileSize()) };
    case 'directory':
    case 'hamt-sharded-directory':
      return { kind: 'directory', sharded: unixfs.type === 'hamt-sharded-directory', node };
    case 'symlink':
      return { kind: 'symlink', target: unixfs.data ?? new Uint8Array() };
    default:
      return { kind: 'other' };
  }
}

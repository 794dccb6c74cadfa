import { CarBufferWriter } from '@ipld/car';
import { varint, type CID } from 'multiformats';
import type { Block } from './blocks';

/**
 * A CARv1 as a stream of frames: the header naming `root`, then one frame per block as the walk
 * yields it. Pulled by the response, so a slow client slows the walk and nothing accumulates.
 */
export async function* carStream(root: CID, blocks: AsyncIterable<Block>): AsyncGenerator<Uint8Array> {
  yield carHeader(root);
  for await (const block of blocks) {
    const length = block.cid.bytes.byteLength + block.bytes.byteLength;
    const frame = new Uint8Array(varint.encodingLength(length) + block.cid.bytes.byteLength);
    varint.encodeTo(length, frame);
    frame.set(block.cid.bytes, frame.byteLength - block.cid.bytes.byteLength);
    yield frame;
    yield block.bytes;
  }
}

function carHeader(root: CID): Uint8Array {
  const roots = [root];
  const writer = CarBufferWriter.createWriter(new ArrayBuffer(CarBufferWriter.headerLength({ roots })), { roots });
  return writer.close();
}

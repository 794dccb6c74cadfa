import { MAX_DIRECTORY_BYTES } from '@cairn/shared';
import type { CID } from 'multiformats/cid';
import { detectCategory } from '../content/category';
import { ByteBudget } from '../content/remote/metered';
import type { BlockImport } from '../content/types';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { badRequest } from '../lib/errors';
import { auditRecorder } from './audit-recorder';
import { checkedCar } from './car-blocks';
import { blockKey, completeDag } from './car-dag';
import { recordType, storedFolderCategory } from './content-kind';
import { contentRecorder, type RecordResult } from './content-recorder';
import { storedHead } from './head-capture';
import { abandonUpload, quotaReservation } from './quota-reservation';

export interface CarUploadInput {
  /** The CAR's bytes as they arrive. */
  source: AsyncIterable<Uint8Array>;
  /** The uploaded file's name, `.car` taken off, for the record's name. */
  filename?: string;
  customName?: string;
  signal: AbortSignal;
  ip: string;
}

/**
 * Imports a CAR: every block is checked against its CID while it streams into the engine, the
 * root must be one complete DAG (each linked block in the CAR or held here already, no block that
 * belongs to no root), and the root becomes one record, charged like a pin of it. Quota is
 * reserved as bytes arrive and the 10 GB cap applies; on any failure nothing is pinned or charged
 * (the root is claimed before it is pinned, so even a crash leaves nothing behind).
 */
export async function carUploader(app: AppContext, user: UserRow, input: CarUploadInput): Promise<RecordResult> {
  const reservation = await quotaReservation(app, user);
  const budget = new ByteBudget({ maxBytes: MAX_DIRECTORY_BYTES, signal: input.signal, onBytes: reservation.onBytes });
  let imported: BlockImport | undefined;
  try {
    const dag = await budget.run(async () => {
      const car = await checkedCar(budget.meter(input.source));
      if (car.roots.length !== 1) {
        throw badRequest('car_roots', `A CAR upload must name exactly one root (this one names ${car.roots.length})`);
      }
      imported = await app.content.importBlocks({ roots: car.roots, signal: input.signal });
      const carried = new Map<string, CID[]>();
      for await (const block of car.blocks) {
        const key = blockKey(block.cid);
        if (carried.has(key)) continue; // a duplicate frame: the block is already in
        carried.set(key, block.links);
        await imported.put(block.cid, block.bytes);
      }
      const blocks = await completeDag(app.content, car.roots[0]!, carried, input.signal);
      const inDag = new Set(blocks.map(blockKey));
      const stray = [...carried.keys()].find((key) => !inDag.has(key));
      if (stray !== undefined) {
        throw badRequest('car_unlinked_block', 'The CAR holds a block that is not part of its root DAG');
      }
      return { cid: car.roots[0]!, dag: blocks };
    });
    // Claimed before the pin: a crash between the pin and the record is undone by the outbox.
    await reservation.claim(dag.cid.toString());
    await imported!.pin([dag]);
    const root = dag.cid.toString();
    const stat = await app.content.stat(root);
    // Content it links to that was held already is charged too: the reservation covers it first.
    await reservation.onBytes(0, stat.size);
    // The one rule of record types and categories; a root that is not UnixFS is other IPLD data.
    const type = stat.type === 'file' || stat.type === 'directory' ? recordType(stat.type) : 'dag';
    const category =
      type === 'file'
        ? detectCategory(await storedHead(app.content, root), input.filename ?? '')
        : type === 'directory'
          ? await storedFolderCategory(app.content, root, input.signal)
          : 'other';
    const result = await contentRecorder(
      app,
      user,
      {
        cid: root,
        size: stat.size,
        type,
        category,
        filesCount: stat.files,
        originalName: input.filename?.replace(/\.car$/i, ''),
        customName: input.customName,
        source: 'upload',
      },
      reservation,
    );
    if (!result.duplicate) {
      await auditRecorder(app, {
        action: 'upload',
        user,
        ip: input.ip,
        details: { cid: root, size: stat.size, blocks: dag.dag.length, mode: 'car' },
      });
    }
    return result;
  } catch (error) {
    await imported?.abort();
    await abandonUpload(app, reservation);
    throw error;
  }
}

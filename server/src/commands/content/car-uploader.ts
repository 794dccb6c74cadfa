import { MAX_DIRECTORY_BYTES } from '@cairn/shared';
import { CID } from 'multiformats/cid';
import { ByteBudget } from '../../content/byte-budget';
import type { BlockImport } from '../../content/types';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { IdentityCidError } from '../../content/errors';
import { badRequest } from '../../lib/errors';
import { auditRecorder } from '../audit/audit-recorder';
import { checkedCar } from '../../content/car/car-blocks';
import { blockKey, checkedDag, MAX_DAG_BLOCKS, tooManyBlocks } from '../../content/car/car-dag';
import type { BlockFacts } from '../../content/car/car-unixfs';
import { recordType, storedCategory } from '../../content/content-kind';
import type { RecordExtras } from './record-meta';
import { contentRecorder, storedCharge, type RecordResult } from './content-recorder';
import { hiddenFromUser } from './privacy/possession-checker';
import { HEAD_BYTES } from '../../content/head-capture';
import { abandonUpload, quotaReservation } from '../quota/lib/quota-reservation';

export interface CarUploadInput {
  /** The CAR's bytes as they arrive. */
  source: AsyncIterable<Uint8Array>;
  /** The uploaded file's name, `.car` taken off, for the record's name. */
  filename?: string;
  customName?: string;
  /** The new record is private. */
  private?: boolean;
  /** A group and key-values for the record (see `checkRecordExtras`). */
  extras?: RecordExtras;
  signal: AbortSignal;
  ip: string;
}

const IDENTITY = 0x00;
const RAW = 0x55;
/** Bytes of small leaves a CAR upload keeps for its folder's category. */
const HEADS_BUDGET = 8 * 1024 * 1024;

/**
 * Imports a CAR: every block is checked against its CID while it streams into the engine, the
 * root must be one complete DAG (each linked block in the CAR or held here already, no block that
 * belongs to no root) whose UnixFS claims hold against its blocks, within the limits on blocks,
 * depth and files (see `checkedDag`), and the root becomes one record. The record is charged the
 * larger of its file bytes and the bytes of every block its DAG holds, so metadata cannot make
 * stored bytes free. Quota is reserved as bytes arrive and the 10 GB cap applies; on any failure
 * nothing is pinned or charged (the root is claimed before it is pinned, so even a crash leaves
 * nothing behind).
 */
export async function carUploader(app: AppContext, user: UserRow, input: CarUploadInput): Promise<RecordResult> {
  const reservation = await quotaReservation(app, user);
  const budget = new ByteBudget({ maxBytes: MAX_DIRECTORY_BYTES, signal: input.signal, onBytes: reservation.onBytes });
  const heads = new Map<string, Uint8Array>();
  let imported: BlockImport | undefined;
  let pooled = 0;
  try {
    const dag = await budget.run(async () => {
      const car = await checkedCar(budget.meter(input.source));
      if (car.roots.length !== 1) {
        throw badRequest('car_roots', `A CAR upload must name exactly one root (this one names ${car.roots.length})`);
      }
      const root = car.roots[0]!;
      if (root.multihash.code === IDENTITY) throw new IdentityCidError();
      imported = await app.content.importBlocks({ roots: car.roots, signal: input.signal });
      const carried = new Map<string, BlockFacts>();
      let headBytes = 0;
      for await (const block of car.blocks) {
        // An identity block is its CID: there is nothing to keep, and links to it need no frame.
        if (block.cid.multihash.code === IDENTITY) continue;
        const key = blockKey(block.cid);
        if (carried.has(key)) continue; // a duplicate frame: the block is already in
        if (carried.size >= MAX_DAG_BLOCKS) throw tooManyBlocks();
        // Each block the check keeps in memory counts against this process's and this account's share.
        app.carBlocks.take(user.id);
        pooled++;
        carried.set(key, block.facts);
        await imported.put(block.cid, block.bytes);
        // A small leaf is a small file's whole content: kept (copied out of the stream's chunk) for
        // the folder's category, within a budget, so a folder of many small files is not read back.
        if (block.cid.code === RAW && block.bytes.byteLength <= HEAD_BYTES && headBytes + block.bytes.byteLength <= HEADS_BUDGET) {
          heads.set(key, Buffer.from(block.bytes));
          headBytes += block.bytes.byteLength;
        }
      }
      // A block only others' private records hold is not here for this CAR: it must carry it.
      const held = {
        has: async (cid: string) => (await app.content.has(cid)) && !(await hiddenFromUser(app, user.id, cid)),
        block: (cid: string, options?: { signal?: AbortSignal }) => app.content.block(cid, options),
      };
      const checked = await checkedDag(held, root, carried, {
        signal: input.signal,
        // Blocks already held join the DAG without crossing the wire: the quota bounds that walk too.
        onBytes: (total) => reservation.onBytes(0, Math.max(total, budget.total)),
      });
      const inDag = new Set(checked.dag.map(blockKey));
      if ([...carried.keys()].some((key) => !inDag.has(key))) {
        throw badRequest('car_unlinked_block', 'The CAR holds a block that is not part of its root DAG');
      }
      return { cid: root, ...checked };
    });
    // Claimed before the pin: a crash between the pin and the record is undone by the outbox.
    await reservation.claim(dag.cid.toString());
    await imported!.pin([{ cid: dag.cid, dag: dag.dag }]);
    const root = dag.cid.toString();
    const stat = await app.content.stat(root);
    const chargedBytes = storedCharge(stat.size, dag.dagBytes);
    // Content it links to that was held already is charged too: the reservation covers it first.
    await reservation.onBytes(0, chargedBytes);
    // The one rule of record types and categories; a root that is not UnixFS is other IPLD data.
    const type = recordType(stat.type);
    const category = await storedCategory(app.content, root, type, input.filename ?? '', input.signal, (file) =>
      heads.get(blockKey(CID.parse(file))),
    );
    const result = await contentRecorder(
      app,
      user,
      {
        cid: root,
        size: stat.size,
        chargedBytes,
        type,
        category,
        filesCount: stat.files,
        originalName: input.filename?.replace(/\.car$/i, ''),
        customName: input.customName,
        private: input.private,
        source: 'upload',
      },
      reservation,
      { extras: input.extras },
    );
    if (!result.duplicate) {
      await auditRecorder(app, {
        action: 'upload',
        user,
        ip: input.ip,
        details: { cid: root, size: stat.size, chargedBytes, blocks: dag.dag.length, mode: 'car' },
      });
    }
    return result;
  } catch (error) {
    await imported?.abort();
    await abandonUpload(app, reservation);
    throw error;
  } finally {
    app.carBlocks.release(user.id, pooled);
  }
}

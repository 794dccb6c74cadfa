import { parseArgs } from 'node:util';
import type { Cairn } from '../../client';
import { NotFoundError } from '../../errors';
import type { Upload } from '../../types';
import { UsageError, type CliContext } from '../context';
import { formatBytes, table } from '../format';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record by its id or by its CID. */
export async function findRecord(client: Cairn, ref: string, signal: AbortSignal): Promise<Upload> {
  if (UUID.test(ref)) return client.uploads.get(ref, { signal });
  for await (const upload of client.uploads.list({ search: ref, limit: 100 }, { signal })) {
    if (upload.cid === ref) return upload;
  }
  throw new NotFoundError({ status: 404, code: 'file_not_found', message: `No file of yours has the id or CID ${ref}` });
}

function one(ctx: CliContext, usage: string, count = 1): string[] {
  const { positionals } = parseArgs({ args: ctx.args, allowPositionals: true, options: {} });
  if (positionals.length !== count) throw new UsageError(usage);
  return positionals;
}

/** `cairn ls [--search S] [--limit N]`: every record, newest first. */
export async function ls(ctx: CliContext): Promise<void> {
  const { values } = parseArgs({ args: ctx.args, options: { search: { type: 'string' }, limit: { type: 'string' } } });
  const max = values.limit === undefined ? Infinity : Number(values.limit);
  if (!(max > 0)) throw new UsageError('--limit is a positive number');
  const records: Upload[] = [];
  for await (const upload of ctx.client().uploads.list({ search: values.search, limit: 100 }, { signal: ctx.signal })) {
    records.push(upload);
    if (records.length >= max) break;
  }
  const rows = [['ID', 'CID', 'SIZE', 'TYPE', 'NAME'], ...records.map((u) => [u.uploadId, u.cid, formatBytes(u.size), u.type, u.name])];
  ctx.print(records, records.length === 0 ? 'No files yet' : table(rows));
}

/** `cairn info <id|cid>` */
export async function info(ctx: CliContext): Promise<void> {
  const [ref] = one(ctx, 'Give one id or CID: cairn info <id|cid>');
  const u = await findRecord(ctx.client(), ref!, ctx.signal);
  const rows = [
    ['id', u.uploadId],
    ['cid', u.cid],
    ['name', u.name],
    ['size', `${formatBytes(u.size)} (${u.size} bytes)`],
    ['type', u.type],
    ['files', String(u.filesCount)],
    ['source', u.source],
    ['created', u.createdAt],
  ];
  ctx.print(u, table(rows));
}

/** `cairn rename <id|cid> <name>` */
export async function rename(ctx: CliContext): Promise<void> {
  const [ref, name] = one(ctx, 'Give an id or CID and the new name: cairn rename <id|cid> <name>', 2);
  const client = ctx.client();
  const record = await findRecord(client, ref!, ctx.signal);
  const renamed = await client.uploads.rename(record.uploadId, name!, { signal: ctx.signal });
  ctx.print(renamed, `${renamed.cid}  ${renamed.name}`);
}

/** `cairn rm <id|cid>` */
export async function rm(ctx: CliContext): Promise<void> {
  const [ref] = one(ctx, 'Give one id or CID: cairn rm <id|cid>');
  const client = ctx.client();
  const record = await findRecord(client, ref!, ctx.signal);
  const removed = await client.uploads.delete(record.uploadId, { signal: ctx.signal });
  ctx.print(removed, `removed ${record.name} (${removed.cid})`);
}

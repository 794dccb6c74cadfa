import { parseArgs } from 'node:util';
import type { Cairn } from '../../client';
import { NotFoundError } from '../../errors';
import type { Name } from '../../types';
import { UsageError, type CliContext } from '../context';
import { table } from '../format';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USAGE =
  'Use: cairn name list | create <label> | publish <name> <cid|/ipfs/cid/path> [--ttl S] | resolve <name> | history <name> [--limit N] | rollback <name> <sequence> [--ttl S] | rename <name> <label> | delete <name>';

/** One of the account's names by its id, its `k51…` name or its exact label; undefined when none matches. */
async function lookup(client: Cairn, ref: string, signal: AbortSignal): Promise<Name | undefined> {
  if (UUID.test(ref)) return client.names.get(ref, { signal });
  const names = await client.names.list({ signal });
  return names.find((n) => n.name === ref) ?? names.find((n) => n.label === ref);
}

/** One of the account's names by its id, `k51…` name or label. */
export async function findName(client: Cairn, ref: string, signal: AbortSignal): Promise<Name> {
  const found = await lookup(client, ref, signal);
  if (found) return found;
  throw new NotFoundError({ status: 404, code: 'name_not_found', message: `No IPNS name of yours has the id, name or label ${ref}` });
}

function positiveInt(text: string | undefined, option: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`${option} takes a whole number, not "${text}"`);
  return Number(text);
}

function describeName(n: Name): string {
  return n.value === null ? `${n.name}  (not published)` : `${n.name} -> ${n.value}  (sequence ${n.sequence}, ttl ${n.ttlSeconds}s)`;
}

/** `cairn name list | create | publish | resolve | history | rollback | rename | delete` */
export async function names(ctx: CliContext): Promise<void> {
  const [sub, ...rest] = ctx.args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { ttl: { type: 'string' }, limit: { type: 'string' } },
  });
  const client = ctx.client();
  const signal = ctx.signal;
  const ttlSeconds = positiveInt(values.ttl, '--ttl');
  switch (sub) {
    case 'list': {
      const all = await client.names.list({ signal });
      const rows = [
        ['ID', 'NAME', 'SEQ', 'VALUE', 'LABEL'],
        ...all.map((n) => [n.id, n.name, String(n.sequence ?? '-'), n.value ?? '-', n.label]),
      ];
      ctx.print(all, all.length === 0 ? 'No IPNS names yet' : table(rows));
      return;
    }
    case 'create': {
      if (positionals.length !== 1) throw new UsageError('Give the name a label: cairn name create <label>');
      const created = await client.names.create(positionals[0]!, { signal });
      ctx.print(created, `${created.id}  ${created.name}  ${created.label}`);
      return;
    }
    case 'publish': {
      if (positionals.length !== 2)
        throw new UsageError('Give a name and a value: cairn name publish <name> <cid|/ipfs/cid/path> [--ttl S]');
      const target = await findName(client, positionals[0]!, signal);
      const published = await client.names.publish(target.id, positionals[1]!, { ttlSeconds, signal });
      ctx.print(published, describeName(published));
      return;
    }
    case 'resolve': {
      if (positionals.length !== 1) throw new UsageError('Give one name: cairn name resolve <name>');
      const ref = positionals[0]!;
      // The account's own names may be given by id or label; anything else is resolved as it is (any account's k51… name).
      const own = UUID.test(ref) ? await findName(client, ref, signal) : await lookup(client, ref, signal);
      const resolved = await client.names.resolve(own?.name ?? ref, { signal });
      ctx.print(resolved, resolved.value);
      return;
    }
    case 'history': {
      if (positionals.length !== 1) throw new UsageError('Give one name: cairn name history <name> [--limit N]');
      const target = await findName(client, positionals[0]!, signal);
      const publications = await client.names.history(target.id, { limit: positiveInt(values.limit, '--limit'), signal });
      const rows = [
        ['SEQ', 'SOURCE', 'PUBLISHED', 'VALUE'],
        ...publications.map((p) => [String(p.sequence), p.source, p.publishedAt, p.value]),
      ];
      ctx.print(publications, publications.length === 0 ? `${target.name} was never published` : table(rows));
      return;
    }
    case 'rollback': {
      if (positionals.length !== 2) throw new UsageError('Give a name and a sequence: cairn name rollback <name> <sequence> [--ttl S]');
      const sequence = positiveInt(positionals[1], 'The sequence')!;
      const target = await findName(client, positionals[0]!, signal);
      const rolledBack = await client.names.rollback(target.id, sequence, { ttlSeconds, signal });
      ctx.print(rolledBack, describeName(rolledBack));
      return;
    }
    case 'rename': {
      if (positionals.length !== 2) throw new UsageError('Give a name and its new label: cairn name rename <name> <label>');
      const target = await findName(client, positionals[0]!, signal);
      const renamed = await client.names.rename(target.id, positionals[1]!, { signal });
      ctx.print(renamed, `${renamed.id}  ${renamed.name}  ${renamed.label}`);
      return;
    }
    case 'delete': {
      if (positionals.length !== 1) throw new UsageError('Give one name: cairn name delete <name>');
      const target = await findName(client, positionals[0]!, signal);
      const deleted = await client.names.delete(target.id, { signal });
      ctx.print(deleted, `deleted ${target.name} (${target.label}); it no longer resolves here`);
      return;
    }
    default:
      throw new UsageError(USAGE);
  }
}

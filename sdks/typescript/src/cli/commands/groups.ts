import { parseArgs } from 'node:util';
import type { Cairn } from '../../client';
import { NotFoundError } from '../../errors';
import type { Group } from '../../types';
import { UsageError, type CliContext } from '../context';
import { table } from '../format';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USAGE =
  'Use: cairn groups list | create <name> | rename <group> <name> | delete <group> | add <group> <id>... | remove <group> <id>...';

/** A group of the account by its id or its exact name. */
export async function findGroup(client: Cairn, ref: string, signal: AbortSignal): Promise<Group> {
  if (UUID.test(ref)) return client.groups.get(ref, { signal });
  for (let page = 1; page <= 1000; page++) {
    const list = await client.groups.list({ search: ref, limit: 100, page }, { signal });
    const found = list.groups.find((group) => group.name === ref);
    if (found) return found;
    if (page * 100 >= list.total) break;
  }
  throw new NotFoundError({ status: 404, code: 'group_not_found', message: `No group of yours has the id or name ${ref}` });
}

/** `k=v` pairs of `--meta` into key-values; the key is everything before the first `=`. */
export function parseMeta(pairs: readonly string[] | undefined): Record<string, string> | undefined {
  if (!pairs?.length) return undefined;
  const meta: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--meta takes key=value, not "${pair}"`);
    meta[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return meta;
}

/** `cairn groups list | create | rename | delete | add | remove` */
export async function groups(ctx: CliContext): Promise<void> {
  const [sub, ...rest] = ctx.args;
  const client = ctx.client();
  const { positionals } = parseArgs({ args: rest, allowPositionals: true, options: {} });
  const signal = ctx.signal;
  switch (sub) {
    case 'list': {
      const all: Group[] = [];
      for (let page = 1; page <= 1000; page++) {
        const list = await client.groups.list({ limit: 100, page }, { signal });
        all.push(...list.groups);
        if (all.length >= list.total || list.groups.length === 0) break;
      }
      const rows = [['ID', 'FILES', 'NAME'], ...all.map((g) => [g.id, String(g.filesCount), g.name])];
      ctx.print(all, all.length === 0 ? 'No groups yet' : table(rows));
      return;
    }
    case 'create': {
      if (positionals.length !== 1) throw new UsageError('Give the group a name: cairn groups create <name>');
      const group = await client.groups.create(positionals[0]!, { signal });
      ctx.print(group, `${group.id}  ${group.name}`);
      return;
    }
    case 'rename': {
      if (positionals.length !== 2) throw new UsageError('Give a group and its new name: cairn groups rename <group> <name>');
      const group = await findGroup(client, positionals[0]!, signal);
      const renamed = await client.groups.rename(group.id, positionals[1]!, { signal });
      ctx.print(renamed, `${renamed.id}  ${renamed.name}`);
      return;
    }
    case 'delete': {
      if (positionals.length !== 1) throw new UsageError('Give one group: cairn groups delete <group>');
      const group = await findGroup(client, positionals[0]!, signal);
      const deleted = await client.groups.delete(group.id, { signal });
      ctx.print(deleted, `deleted group ${group.name} (its ${group.filesCount} files are kept)`);
      return;
    }
    case 'add':
    case 'remove': {
      if (positionals.length < 2) throw new UsageError(`Give a group and file ids: cairn groups ${sub} <group> <id>...`);
      const group = await findGroup(client, positionals[0]!, signal);
      const uploadIds = positionals.slice(1);
      if (sub === 'add') {
        const { added } = await client.groups.add(group.id, { uploadIds }, { signal });
        ctx.print({ added }, `added ${added} file(s) to ${group.name}`);
      } else {
        const { removed } = await client.groups.remove(group.id, { uploadIds }, { signal });
        ctx.print({ removed }, `removed ${removed} file(s) from ${group.name}`);
      }
      return;
    }
    default:
      throw new UsageError(USAGE);
  }
}

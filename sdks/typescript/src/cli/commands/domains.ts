import { parseArgs } from 'node:util';
import type { Cairn } from '../../client';
import { NotFoundError } from '../../errors';
import type { Domain } from '../../types';
import { UsageError, type CliContext } from '../context';
import { table } from '../format';

const USAGE = 'Use: cairn domain list | add <hostname> <target> | verify <domain> | delete <domain>';

/** One of the account's domains by its id or host name (any case, a trailing dot allowed). */
async function findDomain(client: Cairn, ref: string, signal: AbortSignal): Promise<Domain> {
  const domains = await client.domains.list({ signal });
  const hostname = ref.toLowerCase().replace(/\.$/, '');
  const found = domains.find((d) => d.id === ref.toLowerCase() || d.hostname === hostname);
  if (found) return found;
  throw new NotFoundError({ status: 404, code: 'domain_not_found', message: `No custom domain of yours has the id or host name ${ref}` });
}

function describeDomain(d: Domain): string {
  const lines = [`${d.hostname} -> ${d.target}  (${d.status})`];
  if (d.status === 'failed' && d.lastError) lines.push(`  ${d.lastError}`);
  if (d.status !== 'verified') lines.push(`  DNS: ${d.dnslinkRecord.name}  ${d.dnslinkRecord.type}  "${d.dnslinkRecord.value}"`);
  return lines.join('\n');
}

/** `cairn domain list | add | verify | delete` */
export async function domains(ctx: CliContext): Promise<void> {
  const [sub, ...rest] = ctx.args;
  const { positionals } = parseArgs({ args: rest, allowPositionals: true, options: {} });
  const client = ctx.client();
  const signal = ctx.signal;
  switch (sub) {
    case 'list': {
      const all = await client.domains.list({ signal });
      const rows = [['ID', 'HOSTNAME', 'STATUS', 'TARGET'], ...all.map((d) => [d.id, d.hostname, d.status, d.target])];
      ctx.print(all, all.length === 0 ? 'No custom domains yet' : table(rows));
      return;
    }
    case 'add': {
      if (positionals.length !== 2)
        throw new UsageError('Give a host name and a target: cairn domain add <hostname> </ipns/name|/ipfs/cid>');
      const added = await client.domains.add(positionals[0]!, positionals[1]!, { signal });
      ctx.print(added, `${added.id}  ${describeDomain(added)}\nCreate the TXT record, then: cairn domain verify ${added.hostname}`);
      return;
    }
    case 'verify': {
      if (positionals.length !== 1) throw new UsageError('Give one domain: cairn domain verify <id|hostname>');
      const target = await findDomain(client, positionals[0]!, signal);
      const checked = await client.domains.verify(target.id, { signal });
      ctx.print(checked, describeDomain(checked));
      return;
    }
    case 'delete': {
      if (positionals.length !== 1) throw new UsageError('Give one domain: cairn domain delete <id|hostname>');
      const target = await findDomain(client, positionals[0]!, signal);
      const deleted = await client.domains.delete(target.id, { signal });
      ctx.print(deleted, `deleted ${target.hostname}; it serves nothing from now on`);
      return;
    }
    default:
      throw new UsageError(USAGE);
  }
}

import { parseArgs } from 'node:util';
import { UsageError, type CliContext } from '../context';
import type { TokenScope } from '../../types';
import { formatUsage, table } from '../format';
import { findGroup } from './groups';

/** `cairn usage` */
export async function usage(ctx: CliContext): Promise<void> {
  const u = await ctx.client().usage.get({ signal: ctx.signal });
  ctx.print(u, `${formatUsage(u.used, u.limit)}, plan ${u.plan.name}`);
}

/** `cairn tokens list | create --name N [--expires-in-days D] [--allowed-ip IP] [--scope S]... [--group G] | revoke <id>` */
export async function tokens(ctx: CliContext): Promise<void> {
  const [sub, ...rest] = ctx.args;
  const client = ctx.client();
  if (sub === 'list') {
    const list = await client.tokens.list({ signal: ctx.signal });
    const rows = [
      ['ID', 'NAME', 'PREFIX', 'STATUS', 'EXPIRES', 'SCOPES', 'GROUP'],
      ...list.tokens.map((t) => [
        t.id,
        t.name,
        t.prefix,
        t.status,
        t.expiresAt ?? 'never',
        t.scopes.join(','),
        t.groupId === null ? '-' : (t.groupName ?? `${t.groupId} (deleted)`),
      ]),
    ];
    ctx.print(list.tokens, list.tokens.length === 0 ? 'No tokens yet' : table(rows));
    return;
  }
  if (sub === 'create') {
    const { values } = parseArgs({
      args: rest,
      options: {
        name: { type: 'string' },
        'expires-in-days': { type: 'string' },
        'allowed-ip': { type: 'string' },
        scope: { type: 'string', multiple: true },
        group: { type: 'string' },
      },
    });
    if (!values.name) throw new UsageError('Give the token a name: cairn tokens create --name N');
    // A group by id or name, as everywhere else in the CLI.
    const groupId = values.group === undefined ? undefined : (await findGroup(client, values.group, ctx.signal)).id;
    const days =
      values['expires-in-days'] === undefined ? 30 : values['expires-in-days'] === 'never' ? null : Number(values['expires-in-days']);
    const created = await client.tokens.create(
      {
        name: values.name,
        expiresInDays: days,
        allowedIp: values['allowed-ip'] ?? null,
        // No --scope: a full-access token, as the server makes when none are sent.
        ...(values.scope ? { scopes: values.scope as TokenScope[] } : {}),
        ...(groupId ? { groupId } : {}),
      },
      { signal: ctx.signal },
    );
    ctx.print(created, `${created.token}\n(store it now: it is shown only once)`);
    return;
  }
  if (sub === 'revoke') {
    if (rest.length !== 1) throw new UsageError('Give one token id: cairn tokens revoke <id>');
    const revoked = await client.tokens.revoke(rest[0]!, { signal: ctx.signal });
    ctx.print(revoked, `revoked ${revoked.name} (${revoked.prefix})`);
    return;
  }
  throw new UsageError('Use: cairn tokens list | create --name N | revoke <id>');
}

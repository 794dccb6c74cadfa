import { parseArgs } from 'node:util';
import { UsageError, type CliContext } from '../context';
import { table } from '../format';
import { findRecord } from './files';

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };
const MAX_SECONDS = 30 * 86_400;

/** `600`, `90s`, `10m`, `12h`, `7d`: seconds, 1 second to 30 days. */
export function parseExpiry(text: string): number {
  const match = /^(\d+)([smhd]?)$/.exec(text.trim());
  const seconds = match ? Number(match[1]) * UNITS[match[2] || 's']! : NaN;
  if (!(seconds >= 1 && seconds <= MAX_SECONDS)) throw new UsageError('--expires is 1s to 30d, e.g. 600, 10m, 12h or 7d');
  return seconds;
}

const USAGE =
  'Use: cairn share create <id|cid> [--expires 10m] [--download-name N] [--single-use] | list <id|cid> | revoke <id|cid> <link id> | private <id|cid> | public <id|cid>';

/**
 * `cairn share ...`: signed access links to a file (create, list, revoke), and the file's privacy
 * (`private`, `public`).
 */
export async function share(ctx: CliContext): Promise<void> {
  const [sub, ...rest] = ctx.args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { expires: { type: 'string' }, 'download-name': { type: 'string' }, 'single-use': { type: 'boolean' } },
  });
  const client = ctx.client();
  const record = async () => {
    if (!positionals[0]) throw new UsageError(USAGE);
    return findRecord(client, positionals[0], ctx.signal);
  };
  switch (sub) {
    case 'create': {
      if (positionals.length !== 1) throw new UsageError(USAGE);
      const expiresIn = parseExpiry(values.expires ?? '1d');
      const upload = await record();
      const link = await client.links.create(
        upload.uploadId,
        { expiresIn, downloadName: values['download-name'] ?? null, singleUse: values['single-use'] ?? false },
        { signal: ctx.signal },
      );
      ctx.print(link, `${link.url}\n(expires ${link.expiresAt}${link.singleUse ? ', single use' : ''})`);
      return;
    }
    case 'list': {
      if (positionals.length !== 1) throw new UsageError(USAGE);
      const links = await client.links.list((await record()).uploadId, { signal: ctx.signal });
      const rows = [
        ['ID', 'EXPIRES', 'SINGLE USE', 'DOWNLOAD NAME', 'URL'],
        ...links.map((l) => [l.id, l.expiresAt, l.singleUse ? 'yes' : 'no', l.downloadName ?? '', l.url]),
      ];
      ctx.print(links, links.length === 0 ? 'No live links' : table(rows));
      return;
    }
    case 'revoke': {
      if (positionals.length !== 2) throw new UsageError(USAGE);
      await client.links.revoke((await record()).uploadId, positionals[1]!, { signal: ctx.signal });
      ctx.print({ revoked: positionals[1] }, `revoked ${positionals[1]}`);
      return;
    }
    case 'private':
    case 'public': {
      if (positionals.length !== 1) throw new UsageError(USAGE);
      const upload = await client.uploads.setPrivate((await record()).uploadId, sub === 'private', { signal: ctx.signal });
      ctx.print(upload, `${upload.cid}  ${upload.name}  ${upload.private ? 'private' : 'public'}`);
      return;
    }
    default:
      throw new UsageError(USAGE);
  }
}

import { parseArgs } from 'node:util';
import { UsageError, type CliContext } from '../context';
import { formatBytes } from '../format';
import { findGroup, parseMeta } from './groups';

/** `cairn pin <cid> [--name N] [--private] [--group G] [--meta k=v]...`: starts the pin job and waits for it, showing what it fetched. */
export async function pin(ctx: CliContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args: ctx.args,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      private: { type: 'boolean' },
      group: { type: 'string' },
      meta: { type: 'string', multiple: true },
    },
  });
  if (positionals.length !== 1) throw new UsageError('Give one CID: cairn pin <cid> [--name N] [--private] [--group G] [--meta k=v]...');
  const meta = parseMeta(values.meta);
  const client = ctx.client();
  const groupId = values.group === undefined ? undefined : (await findGroup(client, values.group, ctx.signal)).id;
  const tty = process.stderr.isTTY;
  let last = '';
  const job = await client.pins.createAndWait(positionals[0]!, {
    name: values.name,
    private: values.private,
    groupId,
    meta,
    signal: ctx.signal,
    onProgress: (j) => {
      const line = `pin ${j.cid}: ${j.status}, ${j.blocks} blocks, ${formatBytes(j.bytesFetched)} fetched`;
      if (ctx.quiet || line === last) return;
      last = line;
      process.stderr.write(tty ? `\r\x1b[2K${line}` : `${line}\n`);
    },
  });
  if (tty && !ctx.quiet) process.stderr.write('\n');
  ctx.print(job, `${job.cid}  ${job.upload?.name ?? ''}  pinned`);
}

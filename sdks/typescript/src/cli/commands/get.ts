import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { UsageError, type CliContext } from '../context';
import { createProgress } from '../progress';

/** `cairn get <cid>[/path] [-o file]`: downloads from the server's gateway, to stdout without `-o`. */
export async function get(ctx: CliContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args: ctx.args,
    allowPositionals: true,
    options: { output: { type: 'string', short: 'o' } },
  });
  if (positionals.length !== 1) throw new UsageError('Give one CID: cairn get <cid>[/path] [-o file]');
  const [cid, ...rest] = positionals[0]!.replace(/^\/?ipfs\//, '').split('/');
  const response = await ctx.client().gateway.get(cid!, rest.join('/'), { signal: ctx.signal });
  const total = Number(response.headers.get('content-length')) || undefined;
  const progress = createProgress(`get ${cid}`, { quiet: ctx.quiet || !values.output });
  let loaded = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      loaded += chunk.length;
      progress.update(loaded, total);
      callback(null, chunk);
    },
  });
  const target = values.output ? fs.createWriteStream(`${values.output}.part`) : process.stdout;
  const source = Readable.fromWeb(response.body as unknown as NodeWebStream<Uint8Array>);
  try {
    await pipeline(source, counter, target, { signal: ctx.signal });
  } catch (error) {
    if (values.output) fs.rmSync(`${values.output}.part`, { force: true });
    throw error;
  }
  progress.done();
  if (values.output) {
    // Written under a temporary name, so an interrupted download never looks complete.
    fs.renameSync(`${values.output}.part`, values.output);
    ctx.print({ cid, path: values.output, bytes: loaded }, `saved ${loaded} bytes to ${values.output}`);
  }
}

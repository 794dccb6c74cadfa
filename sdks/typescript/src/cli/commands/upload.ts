import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { DagUploadResult, FilesUploadResult, UploadResult } from '../../types';
import { resolveCredentials } from '../config';
import { UsageError, type CliContext } from '../context';
import { createProgress } from '../progress';
import { fileUploadStore } from '../upload-store';
import { findGroup, parseMeta } from './groups';

/** Files from this size on go resumably (tus), so Ctrl-C or a lost connection loses no work. */
export const RESUMABLE_FROM = 64 * 1024 * 1024;

type Result = UploadResult | DagUploadResult | FilesUploadResult;

function describe(result: Result): string {
  if ('total' in result) return result.files.map((f) => `${f.cid}  ${f.name}${f.duplicate ? '  (already stored)' : ''}`).join('\n');
  return `${result.cid}  ${result.name}${result.duplicate ? '  (already stored)' : ''}`;
}

/** `cairn upload <path>... [--dag|--files|--car|--resumable] [--name N] [--cid-version 0|1] [--private] [--group G] [--meta k=v]...` */
export async function upload(ctx: CliContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args: ctx.args,
    allowPositionals: true,
    options: {
      dag: { type: 'boolean' },
      files: { type: 'boolean' },
      car: { type: 'boolean' },
      resumable: { type: 'boolean' },
      name: { type: 'string' },
      'cid-version': { type: 'string' },
      private: { type: 'boolean' },
      group: { type: 'string' },
      meta: { type: 'string', multiple: true },
    },
  });
  if (positionals.length === 0) throw new UsageError('Give at least one path: cairn upload <path>...');
  if ([values.dag, values.files, values.car, values.resumable].filter(Boolean).length > 1) {
    throw new UsageError('Choose one of --dag, --files, --car and --resumable');
  }
  const cidVersion = values['cid-version'] === undefined ? undefined : Number(values['cid-version']);
  if (cidVersion !== undefined && cidVersion !== 0 && cidVersion !== 1) throw new UsageError('--cid-version is 0 or 1');
  if (values.name && positionals.length > 1) throw new UsageError('--name names one upload; give one path');
  // A resumable upload makes a public record: it would be served until made private afterwards.
  if (values.private && values.resumable) throw new UsageError('--private cannot go with --resumable');
  const meta = parseMeta(values.meta);
  const client = ctx.client();
  const groupId = values.group === undefined ? undefined : (await findGroup(client, values.group, ctx.signal)).id;
  const results: Result[] = [];
  for (const target of positionals) {
    const stat = await fs.promises.stat(target).catch(() => undefined);
    if (!stat) throw new UsageError(`No such file or folder: ${target}`);
    const progress = createProgress(`upload ${target}`, { quiet: ctx.quiet });
    const common = {
      name: values.name,
      cidVersion: cidVersion as 0 | 1 | undefined,
      private: values.private,
      groupId,
      meta,
      signal: ctx.signal,
      onProgress: (p: { loaded: number; total?: number }) => progress.update(p.loaded, p.total),
    };
    if (stat.isDirectory() && (values.car || values.resumable)) throw new UsageError(`--car and --resumable take a file: ${target}`);
    let result: Result;
    if (stat.isDirectory()) {
      result = values.files
        ? await client.uploads.directory(target, { ...common, mode: 'files' })
        : await client.uploads.directory(target, { ...common, mode: 'dag' });
    } else if (values.car) {
      result = await client.uploads.car(target, {
        name: values.name,
        private: values.private,
        groupId,
        meta,
        signal: ctx.signal,
        onProgress: common.onProgress,
      });
    } else if (values.resumable || (stat.size >= RESUMABLE_FROM && !values.private)) {
      const store = fileUploadStore(resolveCredentials(ctx.env).apiUrl, ctx.env);
      result = await client.uploads.resumable(target, { ...common, store }).catch((error: unknown) => {
        if (ctx.signal.aborted) process.stderr.write(`\ncairn: run the same command again to continue ${target}`);
        throw error;
      });
    } else {
      result = await client.uploads.file(target, common);
    }
    progress.done();
    results.push(result);
  }
  ctx.print(results.length === 1 ? results[0] : results, results.map(describe).join('\n'));
}

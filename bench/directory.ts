import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Benchmark } from './lib/context';
import { SMALL_FILES, smallTree } from './lib/inputs';
import { timed } from './lib/measure';
import type { Figure } from './lib/report';
import { startBenchServer } from './lib/server';
import { curlApi } from './lib/upload';

const ipfsCar = path.join(path.dirname(createRequire(import.meta.url).resolve('ipfs-car/package.json')), 'bin.js');

/** 10,000 files of 1–4 KB over HTTP as one DAG, against `ipfs-car pack` of the same folder. */
export const directory: Benchmark = async (env) => {
  const tree = smallTree(env.inputDir);
  const car = path.join(env.workDir, 'site.car');
  const reference = await timed(process.execPath, [ipfsCar, 'pack', tree.folder, '--output', car]);
  rmSync(car, { force: true });
  const server = await startBenchServer(env.workDir);
  try {
    const { seconds, answer: body } = await curlApi<{ cid: string; filesCount: number }>(server, '/api/v2/upload/directory?mode=dag', [
      '-H',
      `content-type: ${tree.contentType}`,
      '--data-binary',
      `@${tree.body}`,
    ]);
    if (body.filesCount !== SMALL_FILES) throw new Error(`the DAG holds ${body.filesCount} files, expected ${SMALL_FILES}`);
    const figure: Figure = {
      benchmark: `folder of ${SMALL_FILES.toLocaleString('en')} files (1-4 KB) as one DAG`,
      value: SMALL_FILES / seconds,
      unit: 'files/s',
      reference: SMALL_FILES / reference.seconds,
      referenceLabel: 'ipfs-car pack',
      target: { min: 2, of: 'ratio' },
      note: `cid ${body.cid}, ${(tree.bytes / 1e6).toFixed(1)} MB`,
    };
    return [figure];
  } finally {
    await server.stop();
  }
};

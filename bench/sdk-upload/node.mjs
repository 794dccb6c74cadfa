// One upload through an SDK module (SDK_MODULE: the TypeScript package's compiled build, or the
// JavaScript build in plain Node), as one request or with the argument `resumable` over tus;
// prints the CID and the upload's time. Run by bench/sdk-upload.ts, which measures the peak RSS.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const { Cairn } = await import(pathToFileURL(path.resolve(process.env.SDK_MODULE)).href);
const cairn = new Cairn({ baseUrl: process.env.URL, token: process.env.TOKEN });
const started = performance.now();
const method = process.argv[2] === 'resumable' ? 'resumable' : 'file';
const result = await cairn.uploads[method](process.env.FILE);
const seconds = (performance.now() - started) / 1000;
process.stdout.write(`${JSON.stringify({ cid: result.cid, seconds })}\n`);

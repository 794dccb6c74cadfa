import type { AddressInfo } from 'node:net';
import http from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Errors } from '../errors';
import type { S3Ctx, S3State } from '../types';
import { slowAnswer } from './slow-answer';

/** Work that ends when told, as a long Complete does. */
function deferred() {
  let settle!: { resolve: (xml: string) => void; reject: (error: unknown) => void };
  const promise = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  // Rejected before a request takes it up: the answer reads it then.
  promise.catch(() => undefined);
  return { promise, ...settle };
}

describe('a slow S3 answer', () => {
  let server: http.Server;
  let url: string;
  let work = deferred();
  beforeAll(async () => {
    const koa = new Koa<S3State>();
    // A client that goes away mid-answer is logged by the S3 app, not here.
    koa.silent = true;
    koa.use(async (ctx) => {
      ctx.state.requestId = 'REQ1';
      ctx.state.app = { logger: { error: () => undefined } } as unknown as S3State['app'];
      try {
        await slowAnswer(ctx as S3Ctx, work.promise, { earlyMs: 100, everyMs: 20 });
      } catch (error) {
        ctx.status = 400;
        ctx.body = `thrown ${(error as Error).message}`;
      }
    });
    server = http.createServer(koa.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers quick work as usual, an error with its own status', async () => {
    work = deferred();
    work.resolve('<?xml version="1.0" encoding="UTF-8"?>\n<Done/>');
    expect(await (await fetch(url)).text()).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<Done/>');
    work = deferred();
    work.reject(s3Errors.invalidPart());
    const refused = await fetch(url);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/^thrown One or more/);
  });

  it('starts long work at once with 200 and the declaration, keeps the connection busy, then sends the document', async () => {
    work = deferred();
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toBe('<?xml version="1.0" encoding="UTF-8"?>\n');
    const blank = new TextDecoder().decode((await reader.read()).value);
    expect(blank).toMatch(/^ +$/);
    work.resolve('<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUploadResult/>');
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest.trim()).toBe('<CompleteMultipartUploadResult/>');
  });

  it('ends long work that fails with an S3 <Error> in the 200 answer, as SDKs expect', async () => {
    work = deferred();
    const res = fetch(url);
    setTimeout(() => work.reject(s3Errors.noSuchUpload('u1')), 200);
    const answer = await res;
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(text).toMatch(
      /<Error><Code>NoSuchUpload<\/Code><Message>[^<]+<\/Message><UploadId>u1<\/UploadId><RequestId>REQ1<\/RequestId><\/Error>$/,
    );
  });
  it('lets long work finish when the client has gone, and goes on serving', async () => {
    work = deferred();
    const gone = new AbortController();
    const res = await fetch(url, { signal: gone.signal });
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('<?xml version="1.0" encoding="UTF-8"?>\n');
    gone.abort();
    await new Promise((resolve) => setTimeout(resolve, 60));
    work.resolve('<?xml version="1.0" encoding="UTF-8"?>\n<Late/>');
    await work.promise;
    work = deferred();
    work.resolve('<Next/>');
    expect(await (await fetch(url)).text()).toBe('<Next/>');
  });
});

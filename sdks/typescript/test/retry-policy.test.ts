/**
 * Which SDK calls are sent again after a 503: this SDK's `idempotent` flags are the reference every
 * SDK follows, written to sdks/retry-policy.json for the Python, PHP and Go tests to read. Each call
 * is made against a stand-in that always answers 503 (Retry-After: 0), and its attempts are counted.
 * The answers saying nothing was done (`NOTHING_DONE`) are written there too, once every call is
 * seen to be sent again after each of them (its body here is bytes in memory, which can be re-read).
 * After changing a flag or adding a call: `CAIRN_WRITE_RETRY_POLICY=1 npx vitest run -c
 * sdks/typescript/vitest.config.ts sdks/typescript/test/retry-policy.test.ts`, then follow the change
 * in the other SDKs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Cairn } from '../src';
import { NOTHING_DONE } from '../src/retry';

const POLICY_FILE = fileURLToPath(new URL('../../retry-policy.json', import.meta.url));
const UPLOAD = '7b2e9c1a-4d3f-4e5a-9b8c-1d2e3f4a5b6c';
const GROUP = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const NAME = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const IPNS = 'k51qzi5uqu5dlvj2baxnqndepeb86cbk3ng7n3i46uzyxzyqj2xjonzllnv0v8';
const DOMAIN = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
const LINK = 'c4d5e6f7-a8b9-4c0d-9e1f-2a3b4c5d6e7f';
const CID = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';
const bytes = () => new TextEncoder().encode('hello');

/** One call of every method that sends a request (the first request of a call that sends several). */
const CALLS: Record<string, (cairn: Cairn) => Promise<unknown>> = {
  'dag.get': (c) => c.dag.get(CID),
  'domains.add': (c) => c.domains.add('files.example.org', `/ipns/${IPNS}`),
  'domains.delete': (c) => c.domains.delete(DOMAIN),
  'domains.list': (c) => c.domains.list(),
  'domains.verify': (c) => c.domains.verify(DOMAIN),
  'gateway.get': (c) => c.gateway.get(CID),
  'groups.add': (c) => c.groups.add(GROUP, { uploadIds: [UPLOAD] }),
  'groups.create': (c) => c.groups.create('reports'),
  'groups.delete': (c) => c.groups.delete(GROUP),
  'groups.get': (c) => c.groups.get(GROUP),
  'groups.list': (c) => c.groups.list(),
  'groups.remove': (c) => c.groups.remove(GROUP, { uploadIds: [UPLOAD] }),
  'groups.rename': (c) => c.groups.rename(GROUP, 'reports-2026'),
  'links.create': (c) => c.links.create(UPLOAD, { expiresIn: 600 }),
  'links.list': (c) => c.links.list(UPLOAD),
  'links.revoke': (c) => c.links.revoke(UPLOAD, LINK),
  'names.create': (c) => c.names.create('website'),
  'names.delete': (c) => c.names.delete(NAME),
  'names.exportKey': (c) => c.names.exportKey(NAME),
  'names.get': (c) => c.names.get(NAME),
  'names.history': (c) => c.names.history(NAME),
  'names.list': (c) => c.names.list(),
  'names.publish': (c) => c.names.publish(NAME, `/ipfs/${CID}`),
  'names.rename': (c) => c.names.rename(NAME, 'website-2'),
  'names.resolve': (c) => c.names.resolve(IPNS),
  'names.rollback': (c) => c.names.rollback(NAME, 1),
  'pins.allocations': (c) => c.pins.allocations(CID),
  'pins.create': (c) => c.pins.create(CID),
  'pins.createAndWait': (c) => c.pins.createAndWait(CID),
  'pins.get': (c) => c.pins.get(UPLOAD),
  'pins.status': (c) => c.pins.status(CID),
  'pins.wait': (c) => c.pins.wait(UPLOAD),
  'plans.checkout': (c) => c.plans.checkout('pro'),
  'plans.list': (c) => c.plans.list(),
  'psa.add': (c) => c.psa.add({ cid: CID }),
  'psa.get': (c) => c.psa.get(UPLOAD),
  'psa.list': (c) => c.psa.list(),
  'psa.remove': (c) => c.psa.remove(UPLOAD),
  'psa.replace': (c) => c.psa.replace(UPLOAD, { cid: CID }),
  'psa.wait': (c) => c.psa.wait(UPLOAD),
  'referrals.get': (c) => c.referrals.get(),
  'tokens.create': (c) => c.tokens.create({ name: 'ci', expiresInDays: 30 }),
  'tokens.list': (c) => c.tokens.list(),
  'tokens.revoke': (c) => c.tokens.revoke(UPLOAD),
  'uploads.car': (c) => c.uploads.car(bytes()),
  'uploads.delete': (c) => c.uploads.delete(UPLOAD),
  'uploads.deleteByCid': (c) => c.uploads.deleteByCid(CID),
  'uploads.directory': (c) => c.uploads.directory([{ path: 'a/b.txt', content: bytes() }]),
  'uploads.discardResumable': (c) => c.uploads.discardResumable(`/uploads/resumable/${UPLOAD}`),
  'uploads.file': (c) => c.uploads.file(bytes(), { filename: 'b.txt' }),
  'uploads.files': (c) => c.uploads.files([{ filename: 'b.txt', content: bytes() }]),
  'uploads.get': (c) => c.uploads.get(UPLOAD),
  'uploads.list': async (c) => c.uploads.list(),
  'uploads.rename': (c) => c.uploads.rename(UPLOAD, 'report.pdf'),
  'uploads.resumable': (c) => c.uploads.resumable(bytes(), { filename: 'b.txt' }),
  'uploads.setMeta': (c) => c.uploads.setMeta(UPLOAD, { team: 'ops' }),
  'uploads.setPrivate': (c) => c.uploads.setPrivate(UPLOAD, true),
  'uploads.update': (c) => c.uploads.update(UPLOAD, { name: 'report.pdf' }),
  'usage.get': (c) => c.usage.get(),
  'users.me': (c) => c.users.me(),
};
/** Methods that send nothing. */
const NO_REQUEST = new Set(['gateway.url']);

/** Every method of every resource of the client, as `resource.method`. */
function methodsOf(cairn: Cairn): string[] {
  const names: string[] = [];
  for (const [resource, service] of Object.entries(cairn)) {
    if (typeof service !== 'object' || service === null) continue;
    for (const method of Object.getOwnPropertyNames(Object.getPrototypeOf(service))) {
      if (method !== 'constructor') names.push(`${resource}.${method}`);
    }
  }
  return names.sort();
}

const BUSY = { status: 503, code: 'content_unavailable' };

/** How many requests `call` sends when every answer is `answer` (a 503 unless told) and one retry is allowed. */
async function attempts(call: (cairn: Cairn) => Promise<unknown>, answer = BUSY): Promise<number> {
  let sent = 0;
  const cairn = new Cairn({
    baseUrl: 'http://127.0.0.1:9',
    token: 'cairn_test',
    retry: { maxRetries: 1, baseDelayMs: 1 },
    fetch: async (_url, init) => {
      sent++;
      const body = init?.body;
      if (body instanceof ReadableStream) await body.cancel();
      const error = { error: 'Try again', code: answer.code };
      return new Response(JSON.stringify(error), {
        status: answer.status,
        headers: { 'content-type': 'application/json', 'retry-after': '0' },
      });
    },
  });
  await expect(call(cairn)).rejects.toMatchObject(answer);
  return sent;
}

async function measuredPolicy(): Promise<Record<string, boolean>> {
  const policy: Record<string, boolean> = {};
  for (const [name, call] of Object.entries(CALLS).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const sent = await attempts(call);
    expect(sent, name).toBeGreaterThanOrEqual(1);
    expect(sent, name).toBeLessThanOrEqual(2);
    policy[name] = sent === 2;
  }
  return policy;
}

describe('retry policy', () => {
  it('has a call for every method that sends a request', () => {
    const methods = methodsOf(new Cairn({ baseUrl: 'http://127.0.0.1:9' }));
    expect(methods.filter((m) => !NO_REQUEST.has(m))).toEqual(Object.keys(CALLS).sort());
  });

  it.each(NOTHING_DONE)('sends every call again after $status $code', async (answer) => {
    for (const [name, call] of Object.entries(CALLS)) expect(await attempts(call, answer), name).toBe(2);
  });

  it('is the one in sdks/retry-policy.json', async () => {
    const operations = await measuredPolicy();
    const resendWhenNothingDone = NOTHING_DONE.map(({ status, code }) => ({ status, code }));
    if (process.env.CAIRN_WRITE_RETRY_POLICY === '1') {
      const document = {
        description:
          'Whether each SDK call is sent again after a 429, a 503 or a connection error, as the TypeScript SDK does it (the first request of a call that sends several). Generated by sdks/typescript/test/retry-policy.test.ts; the Python, PHP and Go SDKs test that they follow it.',
        operations,
        resendWhenNothingDoneDescription:
          'Answers saying the server did nothing with the request (no record, no charge): after one of these every call is sent again, whatever `operations` says, within the same retries and Retry-After limit, when its body can be sent again (a file from a path or bytes in memory; not a one-shot stream).',
        resendWhenNothingDone,
      };
      writeFileSync(POLICY_FILE, `${JSON.stringify(document, null, 2)}\n`);
    }
    const stored = JSON.parse(readFileSync(POLICY_FILE, 'utf8')) as {
      operations: Record<string, boolean>;
      resendWhenNothingDone: unknown;
    };
    expect(stored.operations, 'sdks/retry-policy.json is out of date: see the header of this test').toEqual(operations);
    expect(stored.resendWhenNothingDone, 'sdks/retry-policy.json is out of date: see the header of this test').toEqual(
      resendWhenNothingDone,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentStore } from '../../content/types';
import { eventually } from '../../../test/eventually';
import { createApiToken, createUser, uploadFile } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { LOOPBACK_PEERS, psaPinUntil, psaSettled } from '../../../test/psa';

/** Valid CIDs that no node here holds. */
const UNFETCHABLE = [
  'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy',
  'bafkreie7q3iidccmpvszul7kudcvvuavuo7u6gzlbobczuk5nqk3b4akba',
  'bafkreidon73zkcrwdb5iafqtijxildoonbwnpv7dyd6ef3qdgads2jc4su',
  'bafkreibm6jg3ux5qumhcn2b3flc3tyu6dmlb4xa7u5bf44yegnrjhc4yeq',
  'bafkreifjjcie6lypi6ny7amxnfftagclbuxndqonfipmb64f2km2devei4',
];
/** The longest a cancelled fetch may go on, and a pin of held content may take behind a flood. */
const CANCEL_MS = 1_000;
const PROMPT_MS = 3_000;

/**
 * An engine that never finishes fetching what nobody holds and ignores being told to stop, as the
 * worst engine would: only the runner itself can free the worker. Records when each fetch was
 * told to stop.
 */
function stubbornEngine(server: TestServer) {
  const stopped = new Map<string, number>();
  const started = new Set<string>();
  const content: ContentStore = server.app.content;
  const pin = content.pin.bind(content);
  content.pin = (cid, options) => {
    if (!UNFETCHABLE.includes(cid)) return pin(cid, options);
    started.add(cid);
    options?.signal?.addEventListener('abort', () => stopped.set(cid, Date.now()));
    return new Promise(() => undefined);
  };
  return { stopped, started };
}

describe.each(DRIVERS)('cancelling a pin frees its worker at once (%s)', (driver) => {
  let server: TestServer;
  let engine: ReturnType<typeof stubbornEngine>;
  beforeAll(async () => {
    // A long timeout: without cancellation, a removed request would hold its worker this long.
    server = await startTestServer({ driver, config: { pinTimeoutMs: 120_000, ipfs: LOOPBACK_PEERS } });
    engine = stubbornEngine(server);
  });
  afterAll(() => server?.close());

  it('one account removing and replacing fetches that never end holds back no other account', async () => {
    const flooder = await createUser(server);
    const { token } = await createApiToken(server, flooder);
    // Each request starts fetching, and is removed or replaced while it does: were its worker
    // kept, two rounds would hold both of this instance's workers for PIN_TIMEOUT_SECONDS.
    let current = (await server.api.post('/psa/pins', { cid: UNFETCHABLE[0] }, { token })).body.requestid as string;
    const cancelledAt: number[] = [];
    for (let i = 0; i < UNFETCHABLE.length; i++) {
      await psaPinUntil(server, token, current, (r) => r.body.status === 'pinning');
      const at = Date.now();
      const next = UNFETCHABLE[i + 1];
      if (next && i % 2 === 0) {
        const replaced = await server.api.post(`/psa/pins/${current}`, { cid: next }, { token });
        expect(replaced.status).toBe(202);
        current = replaced.body.requestid;
      } else {
        expect((await server.api.delete(`/psa/pins/${current}`, { token })).status).toBe(202);
        if (next) current = (await server.api.post('/psa/pins', { cid: next }, { token })).body.requestid;
      }
      cancelledAt.push(at);
    }
    // And a queue of fetches that never end, left running.
    for (const cid of UNFETCHABLE) await server.api.post('/psa/pins', { cid }, { token });

    const owner = await createUser(server);
    const held = await uploadFile(server, owner, 'held.txt', 'held content, pinned promptly');
    const victim = await createUser(server);
    const victimToken = (await createApiToken(server, victim)).token;
    const started = Date.now();
    const remote = (await server.api.post('/psa/pins', { cid: held.cid }, { token: victimToken })).body;
    expect((await psaSettled(server, victimToken, remote.requestid, PROMPT_MS)).status).toBe('pinned');
    const other = await createUser(server);
    expect((await server.api.post('/api/v2/pins', { cid: held.cid }, { token: other.token })).status).toBe(201);
    expect(Date.now() - started).toBeLessThan(PROMPT_MS);
    // Each cancelled fetch was told to stop within a second of its removal or replacement.
    UNFETCHABLE.forEach((cid, i) => expect(engine.stopped.get(cid)! - cancelledAt[i]!).toBeLessThan(CANCEL_MS));
  });

  it('a job that another runner took over stops here within a second', async () => {
    const user = await createUser(server);
    const cid = UNFETCHABLE[UNFETCHABLE.length - 1]!;
    engine.stopped.delete(cid);
    const job = (await server.api.post('/api/v2/pins', { cid }, { token: user.token })).body;
    await eventually(
      'the job fetches',
      async () => (await server.app.stores.pinJobs.findForUser(user.id, job.id))?.status === 'pinning' && engine.started.has(cid),
    );
    const at = Date.now();
    // As if another instance had taken the job over: this runner must write nothing more about it.
    await server.app.db.updateTable('jobs').set({ lease_owner: 'another-runner' }).where('id', '=', job.id).execute();
    await eventually('the fetch is stopped', async () => engine.stopped.has(cid));
    expect(engine.stopped.get(cid)! - at).toBeLessThan(CANCEL_MS + 500);
    // It wrote nothing more: the job is the other runner's to end.
    expect(await server.app.stores.pinJobs.findForUser(user.id, job.id)).toMatchObject({ status: 'pinning' });
    expect(await server.app.stores.jobs.find(job.id)).toMatchObject({ status: 'running', lease_owner: 'another-runner' });
  });
});

describe('a removal on another instance stops the fetch where it runs (pg, two instances)', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ driver: 'pg', config: { pinTimeoutMs: 120_000, ipfs: LOOPBACK_PEERS } });
    b = await startTestServer({ driver: 'pg', shareWith: a, config: { pinTimeoutMs: 120_000, ipfs: LOOPBACK_PEERS } });
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('the instance running the job notices through the database within a second', async () => {
    const engines = [stubbornEngine(a), stubbornEngine(b)];
    const user = await createUser(a);
    const { token } = await createApiToken(a, user);
    const cid = UNFETCHABLE[0]!;
    const pin = (await a.api.post('/psa/pins', { cid }, { token })).body;
    await eventually('an instance fetches', async () => engines.some((engine) => engine.started.has(cid)));
    const runner = engines[0]!.started.has(cid) ? 0 : 1;
    const elsewhere = [a, b][1 - runner]!;
    const at = Date.now();
    expect((await elsewhere.api.delete(`/psa/pins/${pin.requestid}`, { token })).status).toBe(202);
    await eventually('the fetch is stopped', async () => engines[runner]!.stopped.has(cid));
    expect(engines[runner]!.stopped.get(cid)! - at).toBeLessThan(CANCEL_MS + 500);
  });
});

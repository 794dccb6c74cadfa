import { ConnectionError, ServerError, ValidationError } from '@cairn/sdk';
import type { Name } from '@cairn/shared/api-types';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../../server/test/eventually';
import { NamePublication } from './name-publication';
import type { NamePublisher } from './name-publisher';

const target = { nameId: '7c1f3a2e-9b4d-4e8a-b6c5-0d2e1f3a4b5c', name: 'k51qzi5uqu5dlvj2baxnqndepeb86cbk3ng7n3i46uzyxzyqj2xjonzllnv0v8' };

/**
 * The API's publish operation as a list of calls each answered when the test says. Only the
 * ordering and retry rules are tested here; the folder tests publish through the real server.
 */
function controlledPublisher() {
  const calls: Array<{ value: string; answer: (outcome?: Error) => void }> = [];
  const publish: NamePublisher = (nameId, value) =>
    new Promise<Name>((resolve, reject) => {
      calls.push({
        value,
        answer: (outcome) =>
          outcome
            ? reject(outcome)
            : resolve({ id: nameId, label: 'Site', name: target.name, value, sequence: calls.length, ttlSeconds: 60 } as Name),
      });
    });
  return { calls, publish };
}

const refused = (status: number, code: string) =>
  new (status >= 500 ? ServerError : ValidationError)({ status, code, message: `refused: ${code}` });

describe('NamePublication', () => {
  it('publishes roots offered during a publication once more after it, the newest only', async () => {
    const { calls, publish } = controlledPublisher();
    const publication = new NamePublication({ target, publish, now: () => 1000 });
    publication.offer('bafy-one');
    expect(calls.map((call) => call.value)).toEqual(['/ipfs/bafy-one']);
    publication.offer('bafy-two');
    publication.offer('bafy-three');
    calls[0]!.answer();
    await eventually('the newest root is published next', () => calls.length === 2);
    expect(calls[1]!.value).toBe('/ipfs/bafy-three');
    calls[1]!.answer();
    await eventually('the publication is idle', () => publication.view().state === 'idle');
    expect(calls).toHaveLength(2);
    expect(publication.view()).toEqual({ ...target, state: 'idle', cid: 'bafy-three', publishedAt: 1000, error: null });
  });

  it('retries a failure time may clear, reporting it meanwhile, and gives a stale retry up for a newer root', async () => {
    const { calls, publish } = controlledPublisher();
    const publication = new NamePublication({ target, publish, backoff: { baseMs: 5, maxMs: 20 } });
    publication.offer('bafy-one');
    calls[0]!.answer(refused(503, 'service_unavailable'));
    await eventually('the failure is retried', () => calls.length === 2);
    expect(publication.view()).toMatchObject({ state: 'retrying', error: 'refused: service_unavailable', cid: null });
    calls[1]!.answer(new ConnectionError({ status: 0, code: 'network_error', message: 'fetch failed' }));
    // A root offered while the retry waits goes instead of the one that failed.
    publication.offer('bafy-two');
    await eventually('the newer root is sent', () => calls.length === 3);
    expect(calls[2]!.value).toBe('/ipfs/bafy-two');
    calls[2]!.answer();
    await eventually('the newer root is published', () => publication.view().state === 'idle');
    expect(calls.map((call) => call.value)).toEqual(['/ipfs/bafy-one', '/ipfs/bafy-one', '/ipfs/bafy-two']);
    expect(publication.view()).toMatchObject({ cid: 'bafy-two', error: null });
  });

  it('reports a refusal and waits for the next root instead of retrying', async () => {
    const { calls, publish } = controlledPublisher();
    const publication = new NamePublication({ target, publish, backoff: { baseMs: 5, maxMs: 20 } });
    publication.offer('bafy-gone');
    calls[0]!.answer(refused(400, 'name_value_not_held'));
    await eventually('the refusal is reported', () => publication.view().state === 'idle');
    expect(publication.view()).toMatchObject({ error: 'refused: name_value_not_held', cid: null });
    expect(calls).toHaveLength(1);
  });

  it('does not publish again the root the name points at, or is about to', async () => {
    const { calls, publish } = controlledPublisher();
    const publication = new NamePublication({ target, publish, last: { cid: 'bafy-one', at: 1 } });
    publication.offer('bafy-one');
    expect(calls).toHaveLength(0);
    publication.offer('bafy-two');
    publication.offer('bafy-three');
    // Back to what is being published: the root offered meanwhile is older than it.
    publication.offer('bafy-two');
    calls[0]!.answer();
    await eventually('the publication is idle', () => publication.view().state === 'idle');
    expect(calls.map((call) => call.value)).toEqual(['/ipfs/bafy-two']);
  });
});

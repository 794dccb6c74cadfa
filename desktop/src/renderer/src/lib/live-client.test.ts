import { describe, expect, it } from 'vitest';
import { createLiveClient, type LiveEvent, type LiveStatus } from './live-client';

const streamOf = (text: string) =>
  new Response(new Blob([text]).stream(), { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
const message = (id: string, type: string) =>
  `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify({ id, type, createdAt: 't', data: {} })}\n\n`;

describe('createLiveClient', () => {
  it('resumes after the last event when the stream drops, and asks for a reload on reset', async () => {
    const urls: string[] = [];
    const answers = [streamOf(`retry: 3000\n\n${message('e1', 'upload.created')}`), streamOf('id: \nevent: reset\ndata: {}\n\n')];
    const events: LiveEvent[] = [];
    const statuses: LiveStatus[] = [];
    let resyncs = 0;
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const client = createLiveClient({
      url: '/api/v2/events',
      getToken: () => 'jwt',
      fetch: async (input) => {
        urls.push(String(input));
        const next = answers.shift();
        if (next) return next;
        done();
        return new Response(null, { status: 401 });
      },
      onEvent: (event) => events.push(event),
      onResync: () => resyncs++,
      onStatus: (status) => statuses.push(status),
      backoff: { minMs: 1, maxMs: 2 },
    });
    client.start();
    await finished;
    client.stop();
    expect(events.map((event) => event.id)).toEqual(['e1']);
    expect(urls).toEqual(['/api/v2/events', '/api/v2/events?lastEventId=e1', '/api/v2/events']);
    expect(resyncs).toBe(1);
    expect(statuses.filter((status) => status === 'open')).toHaveLength(2);
  });
});

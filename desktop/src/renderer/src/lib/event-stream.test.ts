import { describe, expect, it } from 'vitest';
import { createEventStreamParser, type StreamMessage } from './event-stream';

const parse = (chunks: string[]) => {
  const messages: StreamMessage[] = [];
  const parser = createEventStreamParser((message) => messages.push(message));
  for (const chunk of chunks) parser.push(chunk);
  return messages;
};

describe('createEventStreamParser', () => {
  it('reads events split anywhere across chunks, skipping comments and retry', () => {
    const text =
      'retry: 3000\n\n: heartbeat\n\nid: e1\nevent: upload.created\ndata: {"a":1}\n\nid: e2\r\nevent: pin.pinned\r\ndata: {"b":2}\r\n\r\n';
    const whole = parse([text]);
    expect(whole).toEqual([
      { id: 'e1', event: 'upload.created', data: '{"a":1}' },
      { id: 'e2', event: 'pin.pinned', data: '{"b":2}' },
    ]);
    for (let cut = 1; cut < text.length; cut++) expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual(whole);
  });

  it('reports an empty id, joins data lines and names an event without a type "message"', () => {
    expect(parse(['id: \nevent: reset\ndata: {}\n\ndata: one\ndata: two\n\n'])).toEqual([
      { id: '', event: 'reset', data: '{}' },
      { id: undefined, event: 'message', data: 'one\ntwo' },
    ]);
  });
});

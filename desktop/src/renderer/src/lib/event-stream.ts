/** One server-sent event as the stream carried it. */
export interface StreamMessage {
  id?: string;
  event: string;
  data: string;
}

/**
 * Parses a text/event-stream as it arrives (the WHATWG rules EventSource follows): feed it chunks
 * of text, it calls `onMessage` for every complete event with data. Comments (heartbeats) and
 * `retry:` are skipped; `id` is reported as given, an empty one too (it clears the resume point).
 */
export function createEventStreamParser(onMessage: (message: StreamMessage) => void) {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let id: string | undefined;

  function line(text: string): void {
    if (text === '') {
      if (data.length > 0) onMessage({ id, event: event || 'message', data: data.join('\n') });
      data = [];
      event = '';
      id = undefined;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
  }

  return {
    push(chunk: string): void {
      buffer += chunk;
      let end: number;
      while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const breakLength = buffer[end] === '\r' && buffer[end + 1] === '\n' ? 2 : 1;
        // A lone \r at the end of a chunk may be the first half of \r\n: wait for the next chunk.
        if (buffer[end] === '\r' && end === buffer.length - 1) break;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + breakLength);
      }
    },
  };
}

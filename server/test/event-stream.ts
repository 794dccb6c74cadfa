/** One message of a server-sent event stream, as a client parses it. */
export interface StreamMessage {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

export interface OpenStream {
  status: number;
  headers: Headers;
  /** Every message received so far (comments too), in order. */
  messages: StreamMessage[];
  /** Events only (messages with `event:`), their body parsed. */
  events(): Array<{ id?: string; type: string; body: any }>;
  /** True once the server ended the stream. */
  ended(): boolean;
  close(): void;
}

/**
 * Opens GET /api/v2/events with a real HTTP client and parses what arrives, as EventSource would.
 * The caller closes it (or the server ends it).
 */
export async function openEventStream(baseUrl: string, token: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/v2/events`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
    signal: controller.signal,
  });
  const messages: StreamMessage[] = [];
  let ended = false;
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            messages.push(parse(buffer.slice(0, end)));
            buffer = buffer.slice(end + 2);
          }
        }
      } catch {
        // Aborted by close().
      }
      ended = true;
    })();
  } else {
    ended = true;
  }
  return {
    status: res.status,
    headers: res.headers,
    messages,
    events: () =>
      messages
        .filter((m) => m.event !== undefined)
        .map((m) => ({ id: m.id, type: m.event!, body: m.data ? JSON.parse(m.data) : undefined })),
    ended: () => ended,
    close: () => controller.abort(),
  };
}

function parse(block: string): StreamMessage {
  const message: StreamMessage = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      message.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id' || field === 'event' || field === 'data' || field === 'retry') message[field] = value;
  }
  return message;
}

import { createEventStreamParser, type StreamMessage } from './event-stream';

/** An event of the account, as `GET /api/v2/events` (and a webhook delivery) carries it. */
export interface LiveEvent {
  id: string;
  type: string;
  createdAt: string;
  data: unknown;
}

/** `open` while events arrive; `down` between attempts; `off` when no session or refused. */
export type LiveStatus = 'off' | 'connecting' | 'open' | 'down';

export interface LiveClientOptions {
  /** The stream's address, e.g. `/api/v2/events`. */
  url: string;
  getToken(): string | null;
  onEvent(event: LiveEvent): void;
  /** Events may have been missed (a reconnection with nothing to resume from, a server reset): reload. */
  onResync(): void;
  onStatus(status: LiveStatus): void;
  fetch?: typeof fetch;
  /** Wait before reconnecting: doubles from `minMs` to `maxMs` while attempts fail. */
  backoff?: { minMs: number; maxMs: number };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

function toEvent(message: StreamMessage): LiveEvent | null {
  try {
    const body = JSON.parse(message.data) as Partial<LiveEvent>;
    if (typeof body.id !== 'string' || typeof body.type !== 'string') return null;
    return { id: body.id, type: body.type, createdAt: String(body.createdAt ?? ''), data: body.data };
  } catch {
    return null;
  }
}

/**
 * Keeps one live event stream open and reconnects with backoff, resuming after the last event
 * received. Read through fetch rather than EventSource: the session is a bearer token (web and
 * desktop alike), which EventSource cannot send. A refusal (401/403) stops it: the screens poll.
 */
export function createLiveClient(options: LiveClientOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const { minMs, maxMs } = options.backoff ?? { minMs: 1_000, maxMs: 30_000 };
  let controller: AbortController | null = null;

  async function run(signal: AbortSignal): Promise<void> {
    // A run stopped (sign-out, another session) says nothing more: the next run speaks.
    const report = (status: LiveStatus) => signal.aborted || options.onStatus(status);
    let delay = minMs;
    let lastId: string | undefined;
    let openedBefore = false;
    while (!signal.aborted) {
      const token = options.getToken();
      if (!token) break;
      report('connecting');
      try {
        const url = lastId ? `${options.url}?lastEventId=${encodeURIComponent(lastId)}` : options.url;
        const response = await doFetch(url, { headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` }, signal });
        if (response.status === 401 || response.status === 403) break;
        if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
        report('open');
        delay = minMs;
        if (openedBefore && lastId === undefined) options.onResync();
        openedBefore = true;
        const parser = createEventStreamParser((message) => {
          if (message.id !== undefined) lastId = message.id || undefined;
          if (message.event === 'reset') return options.onResync();
          const event = toEvent(message);
          if (event) options.onEvent(event);
        });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.push(value);
        }
      } catch {
        // Network gone, server stopped, or stopped here: wait and try again (or leave).
      }
      if (signal.aborted) break;
      report('down');
      // A little randomness, so that the clients of a restarted server do not all come back at once.
      await sleep(delay * (0.8 + Math.random() * 0.4), signal);
      delay = Math.min(delay * 2, maxMs);
    }
    report('off');
  }

  return {
    start(): void {
      if (controller) return;
      controller = new AbortController();
      void run(controller.signal);
    },
    stop(): void {
      if (!controller) return;
      controller.abort();
      controller = null;
      options.onStatus('off');
    },
  };
}

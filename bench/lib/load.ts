import http from 'node:http';

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/**
 * Closed-loop HTTP load: `concurrency` clients on keep-alive connections, each sending its next
 * GET as soon as the last answer is read, for `seconds`. Counts only complete 200 answers. `url`
 * may be a function of the request's sequence number, for a load that asks for different things.
 * `body` sends each request as a POST of that JSON instead.
 */
export async function load(
  url: string | ((sequence: number) => string),
  headers: Record<string, string>,
  concurrency: number,
  seconds: number,
  body?: unknown,
): Promise<LoadResult> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const sent = payload ? { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length) } : headers;
  const urlOf = typeof url === 'string' ? () => url : url;
  let sequence = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const once = (): Promise<void> =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.request(urlOf(sequence++), { agent, headers: sent, method: payload ? 'POST' : 'GET' }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - started);
          else errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(payload);
    });
  const client = async (): Promise<void> => {
    while (performance.now() < deadline) await once();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { requests: latencies.length, perSecond: latencies.length / elapsed, p50Ms: at(0.5), p99Ms: at(0.99), errors };
}

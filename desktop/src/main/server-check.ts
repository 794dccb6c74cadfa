import { parseServerAddress, type ServerAddressResult } from '../shared/server-address';

/**
 * Checks an address the user gave before the app saves it: it must parse, answer
 * `GET /healthz` within `timeoutMs`, and answer it as a Cairn server does (`{"status":"ok"}`).
 */
export async function checkServerAddress(raw: string, timeoutMs = 5000): Promise<ServerAddressResult> {
  const serverUrl = parseServerAddress(raw);
  if (!serverUrl) return { ok: false, problem: 'invalid_url' };
  let answer: Response;
  try {
    answer = await fetch(new URL('/healthz', serverUrl), {
      headers: { Accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { ok: false, problem: 'unreachable' };
  }
  try {
    const body = (await answer.json()) as { status?: unknown };
    if (answer.status === 200 && body.status === 'ok') return { ok: true, serverUrl };
  } catch {
    // Not JSON: some other web server answers at that address.
  }
  return { ok: false, problem: 'not_cairn' };
}

/**
 * Waits until `check` holds, asking again every `everyMs`, at most `withinMs`; then fails naming
 * `what` (and the last error `check` threw, which counts as "not yet"). The one way a test waits
 * for something it cannot be told about: no bare sleeps. The bound is generous (a process that
 * restarts, a daemon under load): a passing test never waits for it.
 */
export async function eventually(
  what: string,
  check: () => boolean | Promise<boolean>,
  { withinMs = 30_000, everyMs = 50 }: { withinMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + withinMs;
  let lastError: unknown;
  for (;;) {
    try {
      if (await check()) return;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, Math.min(everyMs, Math.max(1, deadline - Date.now()))));
  }
  throw new Error(`timed out after ${withinMs} ms waiting until ${what}${lastError ? ` (last: ${String(lastError)})` : ''}`);
}

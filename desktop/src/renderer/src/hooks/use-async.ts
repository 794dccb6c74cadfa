import { useCallback, useEffect, useRef, useState } from 'react';

export type AsyncState<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

/**
 * Runs `load` on mount and whenever `deps` change, aborting the previous run. `reload` runs it
 * again; `refresh` too, quietly (what is shown stays until the new result); `setData` replaces the result after a local change (a revoked token, a saved profile).
 * `latest` is the newest result loaded, kept while a later run loads (a list keeps its rows on
 * screen while the next page or filter loads); null before the first and after a failure.
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // Bumped by every run, so that a quiet refresh that ends after a newer load is dropped.
  const run = useRef(0);
  useEffect(() => {
    const controller = new AbortController();
    run.current += 1;
    setState({ status: 'loading' });
    loadRef.current(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'error', error }),
    );
    return () => controller.abort();
  }, [...deps, attempt]);

  const latest = useRef<T | null>(null);
  if (state.status === 'ready') latest.current = state.data;
  if (state.status === 'error') latest.current = null;

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  /** Loads again without showing a loading state (news from the server); a failure keeps what is shown. */
  const refresh = useCallback(() => {
    const mine = ++run.current;
    loadRef.current(new AbortController().signal).then(
      (data) => mine === run.current && setState({ status: 'ready', data }),
      () => undefined,
    );
  }, []);
  const setData = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return { state, latest: latest.current, reload, refresh, setData };
}

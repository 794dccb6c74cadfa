import { useCallback, useEffect, useRef, useState } from 'react';

export type AsyncState<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

/**
 * Runs `load` on mount and whenever `deps` change, aborting the previous run. `reload` runs it
 * again; `setData` replaces the result after a local change (a revoked token, a saved profile).
 * `latest` is the newest result loaded, kept while a later run loads (a list keeps its rows on
 * screen while the next page or filter loads); null before the first and after a failure.
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
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
  const setData = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return { state, latest: latest.current, reload, setData };
}

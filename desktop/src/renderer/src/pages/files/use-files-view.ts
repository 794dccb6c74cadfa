import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useAppStore } from '../../store/app-store';
import { hasView, readView, rememberView, rememberedView, writeView, type FilesView } from './files-view';

/**
 * My files' view kept in the address (`?q=…&sort=name&order=asc&limit=25&page=2`: a link or a
 * reload shows the same page, Back goes to the previous one) and remembered per account in this
 * browser: /files with nothing in its address opens where the account left it.
 */
export function useFilesView() {
  const [params, setParams] = useSearchParams();
  const account = useAppStore((state) => state.claims?.sub ?? null);
  // Only on arrival: later a plain /files (the default view) is a view like any other. Shown from
  // the first render, so that the default view's page is never asked for on the way.
  const [arrival, setArrival] = useState(() => {
    const remembered = account && !hasView(params) ? rememberedView(account) : null;
    return remembered && hasView(remembered) ? writeView(readView(remembered)) : null;
  });
  useLayoutEffect(() => {
    if (!arrival) return;
    setParams(arrival, { replace: true });
    setArrival(null);
  }, [arrival, setParams]);
  const view = useMemo(() => readView(arrival ?? params), [arrival, params]);

  useEffect(() => {
    if (account && !arrival) rememberView(account, view);
  }, [account, arrival, view]);

  /**
   * Shows another view; `replace` for steps not worth a Back (each pause in typing a filter, a
   * correction). Remembered at once too: a page left right after a change must not keep the view
   * before it (the effect above remembers what Back and Forward show).
   */
  const change = (next: Partial<FilesView>, options: { replace?: boolean } = {}) => {
    const shown = { ...view, ...next };
    if (account) rememberView(account, shown);
    setParams(writeView(shown), { replace: options.replace ?? false });
  };

  return { view, change };
}

/**
 * The filter box over the view's filter: what is typed goes into the address once typing pauses (a
 * new filter starts on its first page); a filter from elsewhere (Back, a link) goes into the box.
 */
export function useFilterBox(filter: string, change: ReturnType<typeof useFilesView>['change']) {
  const [text, setText] = useState(filter);
  const typed = useDebouncedValue(text.trim(), 300);
  // The filter the box last agreed with: the address moving away from it is news from elsewhere.
  const agreed = useRef(filter);
  useEffect(() => {
    if (typed === agreed.current) return;
    agreed.current = typed;
    change({ search: typed, page: 1 }, { replace: true });
  }, [typed]);
  useEffect(() => {
    if (filter === agreed.current) return;
    agreed.current = filter;
    setText(filter);
  }, [filter]);
  return [text, setText] as const;
}

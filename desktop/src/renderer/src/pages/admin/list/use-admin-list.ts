import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAsync } from '../../../hooks/use-async';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_SIZE = 20;

export interface ListState {
  page: number;
  limit: number;
  search: string;
  /** The screen's own filters (`type`, `action`, …), '' when unset. */
  filters: Record<string, string>;
}

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : fallback;
}

/** Reads page, size, search and filters from the address, so lists survive reloads and can be linked. */
export function readListState(params: URLSearchParams, filterKeys: readonly string[]): ListState {
  const limit = positive(params.get('limit'), DEFAULT_SIZE);
  return {
    page: positive(params.get('page'), 1),
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_SIZE,
    search: params.get('search')?.trim() ?? '',
    filters: Object.fromEntries(filterKeys.map((key) => [key, params.get(key)?.trim() ?? ''])),
  };
}

/** New values for the address: page, limit, search or one of the screen's filters. */
export type ListChanges = Partial<Record<'page' | 'limit' | 'search' | (string & {}), string | number>>;

/** What `useAdminList` gives a screen: the query in the address, the page it loaded and how to change either. */
export interface AdminList<T> {
  query: ListState;
  /** The page on screen: the last one loaded while the next loads; null before the first. */
  data: T | null;
  loading: boolean;
  error: unknown;
  reload(): void;
  /** Changes page, size, search or filters ('' removes one); anything but a page change goes back to page 1. */
  update(changes: ListChanges): void;
}

/**
 * One page of an admin list. Changing the search, a filter or the page size goes back to page 1.
 * While the next page loads the previous rows stay on screen (marked busy), so the table does not jump.
 */
export function useAdminList<T>(
  load: (state: ListState, signal: AbortSignal) => Promise<T>,
  filterKeys: readonly string[] = [],
): AdminList<T> {
  const [params, setParams] = useSearchParams();
  const state = readListState(params, filterKeys);
  const key = JSON.stringify(state);
  const { state: result, latest, reload } = useAsync((signal) => load(state, signal), [key]);

  const update = useCallback(
    (changes: ListChanges) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value === '' || value === undefined) next.delete(name);
            else next.set(name, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    query: state,
    data: latest,
    loading: result.status === 'loading',
    error: result.status === 'error' ? result.error : null,
    reload,
    update,
  };
}

/** The query an admin list endpoint takes. */
export const pageQuery = ({ page, limit, search }: ListState) => ({ page, limit, search: search || undefined });

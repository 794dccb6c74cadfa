import { LIMIT_DEFAULT, UPLOAD_SORTS, type UploadSort } from '@cairn/shared';
import { DEFAULT_ORDER } from './sort-header';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** What My files shows: a page of a size, in an order, filtered by a name or CID. */
export interface FilesView {
  page: number;
  limit: number;
  sort: UploadSort;
  order: 'asc' | 'desc';
  search: string;
  /** A group of the account whose files alone are shown; empty for all files. */
  group: string;
  /** A key-value condition (see `metaQuery`); empty for none. */
  meta: string;
}

/**
 * The list's query for a key-value condition as typed: `key=value` (equals), `key=prefix*` (starts
 * with) or `key` (has the key).
 */
export function metaQuery(text: string): { meta?: string; metaPrefix?: string; metaExists?: string } {
  const condition = text.trim();
  if (!condition) return {};
  const at = condition.indexOf('=');
  if (at < 0) return { metaExists: condition };
  const key = condition.slice(0, at).trim();
  const value = condition.slice(at + 1).trim();
  if (value.endsWith('*')) return { metaPrefix: JSON.stringify({ [key]: value.slice(0, -1) }) };
  return { meta: JSON.stringify({ [key]: value }) };
}

export const DEFAULT_VIEW: FilesView = { page: 1, limit: LIMIT_DEFAULT, search: '', group: '', meta: '', ...DEFAULT_ORDER };

/** The address's query names of each part of the view. */
const PARAMS = { page: 'page', limit: 'limit', sort: 'sort', order: 'order', search: 'q', group: 'group', meta: 'meta' } as const;

/** True when the address says anything of the view (otherwise the remembered view applies). */
export const hasView = (params: URLSearchParams) => Object.values(PARAMS).some((name) => params.has(name));

/** The view an address (or a remembered one) describes: a value that is not one the list takes counts as absent. */
export function readView(params: URLSearchParams): FilesView {
  const page = Number(params.get(PARAMS.page));
  const limit = Number(params.get(PARAMS.limit));
  const sort = params.get(PARAMS.sort);
  const order = params.get(PARAMS.order);
  const search = params.get(PARAMS.search)?.slice(0, 255) ?? '';
  const group = params.get(PARAMS.group)?.slice(0, 100) ?? '';
  const meta = params.get(PARAMS.meta)?.slice(0, 1100) ?? '';
  const sorted = UPLOAD_SORTS.includes(sort as UploadSort) && (order === 'asc' || order === 'desc');
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : DEFAULT_VIEW.page,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_VIEW.limit,
    ...(sorted ? { sort: sort as UploadSort, order: order as 'asc' | 'desc' } : DEFAULT_ORDER),
    search,
    group,
    meta,
  };
}

/** The address's query for a view: only what differs from the default, so a plain /files stays plain. */
export function writeView(view: FilesView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search) params.set(PARAMS.search, view.search);
  if (view.group) params.set(PARAMS.group, view.group);
  if (view.meta) params.set(PARAMS.meta, view.meta);
  if (view.sort !== DEFAULT_VIEW.sort || view.order !== DEFAULT_VIEW.order) {
    params.set(PARAMS.sort, view.sort);
    params.set(PARAMS.order, view.order);
  }
  if (view.limit !== DEFAULT_VIEW.limit) params.set(PARAMS.limit, String(view.limit));
  if (view.page !== DEFAULT_VIEW.page) params.set(PARAMS.page, String(view.page));
  return params;
}

/** My files showing one record: filtered by its CID (a prefix of no other record's). */
export const fileLink = (cid: string) => `/files?${writeView({ ...DEFAULT_VIEW, search: cid })}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Where an account's last view is kept in this browser: its own, so that another account never gets its filter. */
const storageKey = (account: string) => `cairn:files-view:${account}`;

/** The view the account last had here, if any. */
export function rememberedView(account: string): URLSearchParams | null {
  const stored = storage()?.getItem(storageKey(account));
  return stored === null || stored === undefined ? null : new URLSearchParams(stored);
}

export function rememberView(account: string, view: FilesView): void {
  try {
    storage()?.setItem(storageKey(account), writeView(view).toString());
  } catch {
    // A full or refused storage only means the next visit starts from the default view.
  }
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IconName } from '../../../components/icons';
import { ListSearch } from './list-search';
import { ListStates } from './list-states';
import { Pagination } from './pagination';
import type { AdminList } from './use-admin-list';

interface ListViewProps<T> {
  list: AdminList<{ total: number }>;
  /** The accessible name of the list's card. */
  label: string;
  /** The search box's label; a list without one has no search box. */
  searchLabel?: string;
  /** The rows of the page on screen, as the screen shows them; null until the first load. */
  items: T[] | null;
  /** Key in `admin` of the message when the list cannot load. */
  errorKey: string;
  /** What an empty list says when no search or filter narrows it. */
  emptyTitle: string;
  emptyIcon?: IconName;
  children(items: T[]): ReactNode;
}

/**
 * A paged admin list in its card: the search box, the list's states around its table, and the
 * pages. An empty list that a search or a filter narrowed says that nothing matched.
 */
export function ListView<T>({ list, label, searchLabel, items, errorKey, emptyTitle, emptyIcon, children }: ListViewProps<T>) {
  const { t } = useTranslation('admin');
  const { query, update } = list;
  const total = list.data?.total ?? 0;
  const narrowed = Boolean(searchLabel && query.search) || Object.values(query.filters).some(Boolean);
  return (
    <section className="card admin-list" aria-label={label}>
      {searchLabel && (
        <div className="list-toolbar">
          <ListSearch value={query.search} label={searchLabel} onSearch={(search) => update({ search })} />
        </div>
      )}
      <ListStates
        items={items}
        loading={list.loading}
        error={list.error}
        reload={list.reload}
        errorKey={errorKey}
        emptyTitle={narrowed ? t('list.no_match') : emptyTitle}
        emptyIcon={emptyIcon}
      >
        {children}
      </ListStates>
      {!list.error && items && (total > 0 || query.page > 1) && (
        <Pagination
          page={query.page}
          limit={query.limit}
          total={total}
          onPage={(page) => update({ page })}
          onLimit={(limit) => update({ limit })}
        />
      )}
    </section>
  );
}

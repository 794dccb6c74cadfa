import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import type { IconName } from '../../../components/icons';
import { useAreaErrorText } from '../../../hooks/use-area-error-text';
import type { ListState } from './use-admin-list';
import { Pagination } from './pagination';

interface ListViewProps<T> {
  items: T[] | null;
  total: number;
  query: ListState;
  loading: boolean;
  error: unknown;
  reload(): void;
  update(changes: Record<string, string | number>): void;
  /** Key in `admin` of the message when the list cannot load. */
  errorKey: string;
  emptyTitle: string;
  emptyIcon?: IconName;
  children(items: T[]): ReactNode;
}

/** The states of a paged admin list around its table: first load, error, empty, rows and pages. */
export function ListView<T>({
  items,
  total,
  query,
  loading,
  error,
  reload,
  update,
  errorKey,
  emptyTitle,
  emptyIcon,
  children,
}: ListViewProps<T>) {
  const errorText = useAreaErrorText('admin');
  if (error) return <ErrorState message={errorText(error, errorKey)} onRetry={reload} />;
  if (!items) return <LoadingState />;
  return (
    <>
      {items.length === 0 ? (
        <EmptyState title={emptyTitle} icon={emptyIcon} />
      ) : (
        <div className="table-wrap" aria-busy={loading || undefined}>
          {children(items)}
        </div>
      )}
      {(total > 0 || query.page > 1) && (
        <Pagination
          page={query.page}
          limit={query.limit}
          total={total}
          onPage={(page) => update({ page })}
          onLimit={(limit) => update({ limit })}
        />
      )}
    </>
  );
}

import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import type { IconName } from '../../../components/icons';
import { useAreaErrorText } from '../../../hooks/use-area-error-text';
import { TableWrap } from '../../../components/table-wrap';

interface ListStatesProps<T> {
  /** The rows on screen; null until the first load. */
  items: T[] | null;
  /** A newer load is under way: the rows stay, marked busy. */
  loading?: boolean;
  error: unknown;
  reload(): void;
  /** Key in `admin` of the message when the list cannot load. */
  errorKey: string;
  emptyTitle: string;
  emptyIcon?: IconName;
  children(items: T[]): ReactNode;
}

/** The states of an admin list around its table: first load, error, empty, rows. */
export function ListStates<T>({ items, loading, error, reload, errorKey, emptyTitle, emptyIcon, children }: ListStatesProps<T>) {
  const errorText = useAreaErrorText('admin');
  if (error) return <ErrorState message={errorText(error, errorKey)} onRetry={reload} />;
  if (!items) return <LoadingState />;
  if (items.length === 0) return <EmptyState title={emptyTitle} icon={emptyIcon} />;
  return <TableWrap busy={loading}>{children(items)}</TableWrap>;
}

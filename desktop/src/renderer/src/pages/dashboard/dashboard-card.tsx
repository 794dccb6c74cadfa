import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { DataAttributes } from '../../components/data-attributes';
import { ErrorState, LoadingState } from '../../components/states';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import type { AsyncState } from '../../hooks/use-async';

interface DashboardCardProps<T> {
  titleId: string;
  title: string;
  /** The screen with the details, and the words of the link to it. */
  to: string;
  linkLabel: string;
  state: AsyncState<T>;
  reload(): void;
  /** The namespace of `errorKey` (`content` unless said). */
  area?: 'content' | 'billing';
  /** Key in `area` of the message when the card cannot load. */
  errorKey: string;
  children(data: T): ReactNode;
}

/** A dashboard card: its heading, a link to the screen with the details, and what it loaded (or the wait, or the error). */
export function DashboardCard<T>({
  titleId,
  title,
  to,
  linkLabel,
  state,
  reload,
  area = 'content',
  errorKey,
  children,
  ...data
}: DashboardCardProps<T> & DataAttributes) {
  const errorText = useAreaErrorText(area);
  return (
    <section className="card" aria-labelledby={titleId} {...data}>
      <div className="card-header">
        <h2 id={titleId}>{title}</h2>
        <Link to={to} className="card-link">
          {linkLabel}
        </Link>
      </div>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState message={errorText(state.error, errorKey)} onRetry={reload} />}
      {state.status === 'ready' && children(state.data)}
    </section>
  );
}

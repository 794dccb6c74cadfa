import type { ReactNode } from 'react';
import type { AdminStats } from '@cairn/shared/api-types';
import { adminApi } from '../../../api/admin';
import { ErrorState, LoadingState } from '../../../components/states';
import { useAreaErrorText } from '../../../hooks/use-area-error-text';
import { useAsync } from '../../../hooks/use-async';

/** Loads the console's statistics for a screen: the wait, or the error with a retry, until they come. */
export function AdminStatsLoader({ children }: { children(stats: AdminStats): ReactNode }) {
  const errorText = useAreaErrorText('admin');
  const { state, reload } = useAsync((signal) => adminApi.stats(signal), []);
  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'error')
    return (
      <section className="card">
        <ErrorState message={errorText(state.error, 'errors.stats_load')} onRetry={reload} />
      </section>
    );
  return <>{children(state.data)}</>;
}

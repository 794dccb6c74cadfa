import type { Name, NameList } from '@cairn/shared/api-types';
import { api } from '../../api/client';
import { useAsync } from '../../hooks/use-async';

export interface AccountNames {
  names: Name[];
  /** The list could not be loaded: a folder's own name is still offered, with "none". */
  failed: boolean;
}

/** The account's IPNS names, loaded once for the Watched folders screen (none while loading). */
export function useAccountNames(): AccountNames {
  const { state } = useAsync((signal) => api.get<NameList>('/names', { signal }), []);
  return { names: state.status === 'ready' ? state.data.names : [], failed: state.status === 'error' };
}

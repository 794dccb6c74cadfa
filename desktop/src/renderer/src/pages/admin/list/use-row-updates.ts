import { useCallback, useState } from 'react';

/**
 * Rows changed from the screen (a revoked token, an updated account) show the server's answer in
 * place of the loaded row, without reloading the page.
 */
export function useRowUpdates<T extends { id: string }>() {
  const [updated, setUpdated] = useState<Record<string, T>>({});
  const replace = useCallback((row: T) => setUpdated((previous) => ({ ...previous, [row.id]: row })), []);
  const apply = (rows: T[] | undefined): T[] | null => rows?.map((row) => updated[row.id] ?? row) ?? null;
  return { replace, apply };
}

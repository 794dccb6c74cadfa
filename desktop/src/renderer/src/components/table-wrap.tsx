import type { ReactNode } from 'react';
import { useStackedTable } from '../hooks/use-stacked-table';

/** The frame of every table: full card width, and rows as cards whenever the columns do not fit. */
export function TableWrap({ children, busy }: { children: ReactNode; busy?: boolean }) {
  const { ref, stacked } = useStackedTable<HTMLDivElement>();
  return (
    <div ref={ref} className={`table-wrap${stacked ? ' stacked' : ''}`} aria-busy={busy || undefined}>
      {children}
    </div>
  );
}

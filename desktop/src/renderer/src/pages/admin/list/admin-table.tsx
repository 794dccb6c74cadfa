import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface AdminTableProps {
  /** Read by screen readers only: the table's name. */
  caption: string;
  /** Keys in `admin:columns`, in order. */
  columns: readonly string[];
  /** Adds a last column for row actions, its header read by screen readers only. */
  actions?: boolean;
  /** A class for this table's own layout, besides the shared admin table styles. */
  className?: string;
  /** The rows. */
  children: ReactNode;
}

/** An admin console table: hidden caption, column headers, and the rows the screen draws. */
export function AdminTable({ caption, columns, actions = false, className, children }: AdminTableProps) {
  const { t } = useTranslation('admin');
  return (
    <table className={className ? `table admin-table ${className}` : 'table admin-table'}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {t(`columns.${column}`)}
            </th>
          ))}
          {actions && (
            <th scope="col">
              <span className="visually-hidden">{t('columns.actions')}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

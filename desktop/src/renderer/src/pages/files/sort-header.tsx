import type { UploadSort } from '@cairn/shared';
import { useTranslation } from 'react-i18next';

export interface FileOrder {
  sort: UploadSort;
  order: 'asc' | 'desc';
}

/** Newest first, as the list opens. */
export const DEFAULT_ORDER: FileOrder = { sort: 'date', order: 'desc' };

/** A click on the sorted column turns it around; another column starts A→Z, smallest or oldest first (date: newest). */
export function nextOrder(current: FileOrder, sort: UploadSort): FileOrder {
  if (current.sort === sort) return { sort, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort, order: sort === 'date' ? 'desc' : 'asc' };
}

/** A column header that sorts the list by its column, telling assistive technology which way. */
export function SortHeader({
  sort,
  label,
  value,
  onChange,
}: {
  sort: UploadSort;
  label: string;
  value: FileOrder;
  onChange(next: FileOrder): void;
}) {
  const { t } = useTranslation('content');
  const active = value.sort === sort;
  return (
    <th scope="col" aria-sort={active ? (value.order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button
        type="button"
        className="sort-btn"
        onClick={() => onChange(nextOrder(value, sort))}
        title={t('files.sort_by', { column: label })}
      >
        <span>{label}</span>
        <span className={`sort-mark${active ? ' active' : ''}`} aria-hidden="true">
          {active && value.order === 'asc' ? '↑' : '↓'}
        </span>
      </button>
    </th>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';
import { PAGE_SIZES } from './files-view';

/** Filter by name or CID, and how many rows a page shows. */
export function FilesToolbar({
  search,
  onSearch,
  limit,
  onLimit,
  children,
}: {
  search: string;
  onSearch(value: string): void;
  limit: number;
  onLimit(limit: number): void;
  /** More filters, beside the search box. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('content');
  return (
    <div className="files-toolbar">
      <div className="search-box wide">
        <Icon name="search" size={16} />
        <input
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder={t('files.search_placeholder')}
          aria-label={t('files.search')}
          maxLength={255}
        />
      </div>
      {children}
      <label className="page-size">
        <span>{t('files.page_size')}</span>
        <select value={limit} onChange={(event) => onLimit(Number(event.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

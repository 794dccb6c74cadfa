import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/units';
import { PAGE_SIZES } from './use-admin-list';

interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  onPage(page: number): void;
  onLimit(limit: number): void;
}

/** "21–40 of 123", previous and next, and the page size. */
export function Pagination({ page, limit, total, onPage, onLimit }: PaginationProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const language = currentLanguage();
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <nav className="pagination" aria-label={t('list.pagination')}>
      <p className="pagination-range" aria-live="polite">
        {t('list.range', {
          first: formatNumber(first, language),
          last: formatNumber(last, language),
          total: formatNumber(total, language),
        })}
      </p>
      <div className="pagination-controls">
        <div className="pagination-size-group">
          <label htmlFor={`${id}-size`} className="pagination-size-label">
            {t('list.page_size')}
          </label>
          <select id={`${id}-size`} className="pagination-size" value={limit} onChange={(event) => onLimit(Number(event.target.value))}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <div className="pagination-pager">
          <button type="button" className="btn btn-secondary btn-small" onClick={() => onPage(page - 1)} disabled={page <= 1}>
            {t('list.previous')}
          </button>
          <span className="pagination-page">
            {t('list.page_of', { page: formatNumber(page, language), pages: formatNumber(pages, language) })}
          </span>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => onPage(page + 1)} disabled={page >= pages}>
            {t('list.next')}
          </button>
        </div>
      </div>
    </nav>
  );
}

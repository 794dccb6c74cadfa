import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';
import { Icon } from './icons';
import { numberLocale } from '../lib/intl-locale';

const format = (value: number) => new Intl.NumberFormat(numberLocale(currentLanguage())).format(value);

/** "11–20 of 34" with previous and next; hidden when everything fits on one page. */
export function Pagination({
  page,
  limit,
  total,
  onPage,
  label,
}: {
  page: number;
  limit: number;
  total: number;
  onPage(page: number): void;
  /** Names the navigation for screen readers ("Files pages"). */
  label: string;
}) {
  const { t } = useTranslation('content');
  const pages = Math.max(1, Math.ceil(total / limit));
  if (total === 0) return null;
  const first = (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination-range">{t('pagination.range', { first: format(first), last: format(last), total: format(total) })}</p>
      {pages > 1 && (
        <div className="pagination-buttons">
          <button type="button" className="btn btn-secondary btn-small" onClick={() => onPage(page - 1)} disabled={page <= 1}>
            <Icon name="prev" size={16} />
            <span>{t('pagination.previous')}</span>
          </button>
          <span className="pagination-page" aria-current="page">
            {t('pagination.page', { page: format(page), pages: format(pages) })}
          </span>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => onPage(page + 1)} disabled={page >= pages}>
            <span>{t('pagination.next')}</span>
            <Icon name="next" size={16} />
          </button>
        </div>
      )}
    </nav>
  );
}

import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';
import { Icon } from './icons';
import { numberLocale } from '../lib/intl-locale';
import { countShown, pageRange } from '../lib/page-range';

const format = (value: number) => new Intl.NumberFormat(numberLocale(currentLanguage())).format(value);

/** "11–20 of 34" (or "of 10,000+" when the total is a floor) with previous and next; hidden when everything fits on one page. */
export function Pagination({
  page,
  limit,
  total,
  atLeast = false,
  onPage,
  label,
}: {
  page: number;
  limit: number;
  total: number;
  /** More than `total` exist (the server stopped counting): the count shows "+" and next stays open. */
  atLeast?: boolean;
  onPage(page: number): void;
  /** Names the navigation for screen readers ("Files pages"). */
  label: string;
}) {
  const { t } = useTranslation('content');
  if (total === 0) return null;
  const { first, last, pages, hasNext } = pageRange(page, limit, total, atLeast);
  const more = (value: number) => countShown(format(value), atLeast);
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination-range">{t('pagination.range', { first: format(first), last: format(last), total: more(total) })}</p>
      {(pages > 1 || hasNext) && (
        <div className="pagination-buttons">
          <button type="button" className="btn btn-secondary btn-small" onClick={() => onPage(page - 1)} disabled={page <= 1}>
            <Icon name="prev" size={16} />
            <span>{t('pagination.previous')}</span>
          </button>
          <span className="pagination-page" aria-current="page">
            {t('pagination.page', { page: format(page), pages: more(pages) })}
          </span>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => onPage(page + 1)} disabled={!hasNext}>
            <span>{t('pagination.next')}</span>
            <Icon name="next" size={16} />
          </button>
        </div>
      )}
    </nav>
  );
}

import { useTranslation } from 'react-i18next';
import type { AdminStats } from '@cairn/shared/api-types';
import { EmptyState } from '../../../components/states';
import { currentLanguage } from '../../../lib/i18n';
import { formatMegabytes, formatNumber } from '../../../lib/units';
import { TableWrap } from '../../../components/table-wrap';

/** The ten accounts that brought the most sign-ups. */
export function TopReferrers({ referrers }: { referrers: AdminStats['topReferrers'] }) {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  return (
    <section className="card" aria-labelledby="top-referrers-title" data-panel="top-referrers">
      <h2 id="top-referrers-title">{t('stats.top_referrers')}</h2>
      {referrers.length === 0 ? (
        <EmptyState title={t('stats.no_referrers')} icon="referrals" />
      ) : (
        <TableWrap>
          <table className="table">
            <caption className="visually-hidden">{t('stats.top_referrers')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('stats.rank')}</th>
                <th scope="col">{t('columns.user')}</th>
                <th scope="col">{t('columns.referrals')}</th>
                <th scope="col">{t('columns.earned')}</th>
              </tr>
            </thead>
            <tbody>
              {referrers.map((referrer, index) => (
                <tr key={referrer.userId}>
                  <td data-label={t('stats.rank')}>{formatNumber(index + 1, language)}</td>
                  <td data-label={t('columns.user')}>{referrer.email}</td>
                  <td data-label={t('columns.referrals')}>{formatNumber(referrer.referrals, language)}</td>
                  <td data-label={t('columns.earned')}>{formatMegabytes(referrer.earnedMb, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}

import { bytesToMb } from '@cairn/shared';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import { PageHeader } from '../../../components/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format';
import { formatMegabytes } from '../../../lib/units';
import { ListSearch } from '../list/list-search';
import { ListView } from '../list/list-view';
import { pageQuery, useAdminList } from '../list/use-admin-list';

/** /admin/rewards: the bonus storage ledger (grants and revocations). */
export function AdminRewardsPage() {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const list = useAdminList((query, signal) => adminApi.rewards(pageQuery(query), signal));
  return (
    <div className="page">
      <PageHeader title={t('rewards.title')} description={t('rewards.description')} />
      <section className="card admin-list" aria-label={t('rewards.title')}>
        <div className="list-toolbar">
          <ListSearch value={list.query.search} label={t('rewards.search')} onSearch={(search) => list.update({ search })} />
        </div>
        <ListView
          {...list}
          items={list.data?.rewards ?? null}
          total={list.data?.total ?? 0}
          errorKey="errors.rewards_load"
          emptyTitle={list.query.search ? t('list.no_match') : t('rewards.empty')}
          emptyIcon="referrals"
        >
          {(rewards) => (
            <table className="table admin-table">
              <caption className="visually-hidden">{t('rewards.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.date')}</th>
                  <th scope="col">{t('columns.user')}</th>
                  <th scope="col">{t('columns.amount')}</th>
                  <th scope="col">{t('columns.reason')}</th>
                  <th scope="col">{t('columns.source')}</th>
                </tr>
              </thead>
              <tbody>
                {rewards.map((reward) => (
                  <tr key={reward.id}>
                    <td data-label={t('columns.date')}>{formatDateTime(reward.createdAt, language)}</td>
                    <td data-label={t('columns.user')}>{reward.userEmail}</td>
                    <td data-label={t('columns.amount')} className={reward.bytes < 0 ? 'amount-negative' : 'amount-positive'}>
                      {reward.bytes < 0 ? '−' : '+'}
                      {formatMegabytes(bytesToMb(Math.abs(reward.bytes)), language)}
                    </td>
                    <td data-label={t('columns.reason')}>{t(`rewards.reason_${reward.reason}`, { defaultValue: reward.reason })}</td>
                    <td data-label={t('columns.source')}>{reward.sourceEmail ?? t('rewards.no_source')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </ListView>
      </section>
    </div>
  );
}

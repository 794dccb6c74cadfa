import { bytesToMb } from '@cairn/shared';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import { PageHeader } from '../../../components/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format';
import { formatMegabytes } from '../../../lib/units';
import { AdminTable } from '../list/admin-table';
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
      <ListView
        list={list}
        label={t('rewards.title')}
        searchLabel={t('rewards.search')}
        items={list.data?.rewards ?? null}
        errorKey="errors.rewards_load"
        emptyTitle={t('rewards.empty')}
        emptyIcon="referrals"
      >
        {(rewards) => (
          <AdminTable caption={t('rewards.title')} columns={['date', 'user', 'amount', 'reason', 'source']}>
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
          </AdminTable>
        )}
      </ListView>
    </div>
  );
}

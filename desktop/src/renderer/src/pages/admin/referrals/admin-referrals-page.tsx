import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import { PageHeader } from '../../../components/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate, formatDateTime } from '../../../lib/format';
import { formatMegabytes } from '../../../lib/units';
import { AdminTable } from '../list/admin-table';
import { ListView } from '../list/list-view';
import { pageQuery, useAdminList } from '../list/use-admin-list';

/** /admin/referrals: who referred whom, and what each referral earned. */
export function AdminReferralsPage() {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const list = useAdminList((query, signal) => adminApi.referrals(pageQuery(query), signal));
  return (
    <div className="page">
      <PageHeader title={t('referrals.title')} description={t('referrals.description')} />
      <ListView
        list={list}
        label={t('referrals.title')}
        searchLabel={t('referrals.search')}
        items={list.data?.referrals ?? null}
        errorKey="errors.referrals_load"
        emptyTitle={t('referrals.empty')}
        emptyIcon="referrals"
      >
        {(referrals) => (
          <AdminTable
            caption={t('referrals.title')}
            columns={['referrer', 'referred', 'joined', 'last_active', 'earned', 'paid_plan', 'status']}
          >
            {referrals.map((referral) => (
              <tr key={referral.referredId}>
                <td data-label={t('columns.referrer')}>{referral.referrerEmail}</td>
                <td data-label={t('columns.referred')}>{referral.referredEmail}</td>
                <td data-label={t('columns.joined')}>{formatDate(referral.joinedAt, language)}</td>
                <td data-label={t('columns.last_active')}>
                  {referral.lastActivityAt ? formatDateTime(referral.lastActivityAt, language) : t('labels.never')}
                </td>
                <td data-label={t('columns.earned')}>{formatMegabytes(referral.earnedMb, language)}</td>
                <td data-label={t('columns.paid_plan')}>{referral.hasPaidPlan ? t('labels.yes') : t('labels.no')}</td>
                <td data-label={t('columns.status')}>
                  <span className={`badge${referral.active ? ' badge-active' : ''}`}>
                    {referral.active ? t('labels.active') : t('labels.inactive')}
                  </span>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </ListView>
    </div>
  );
}
